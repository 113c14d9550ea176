// Replay viewer: placeholder until the record format is wired (see below).
export async function renderReplay(main, id) {
  main.textContent = id;
  return { close() {} };
}
