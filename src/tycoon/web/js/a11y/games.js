// What a person asks about a table, in words, for each game the client draws (a table keyed by
// the game's name, like game.js's TABLES; a plugin game gets the generic answers):
//
// - rows(view, names): the board or table as rows of cells to walk with the arrow keys, each cell
//   one sentence ({text, square?}: a Capital square can be picked when the board offers it);
// - mine(view, seat, names): my money and my hand;
// - where(view, names): where everyone is (Capital: squares; Deal: sets, bank, hand sizes);
// - leader(view, names): who leads and by how much.
import { t } from "../i18n.js";
import { word, gameData } from "../messages.js";
import { board as capitalBoard, businessName, cardName as capitalCard, money as capitalMoney, effectName, regionWord } from "../capital/info.js";
import { squareName } from "../capital/board.js";
import { cardName as dealCard, colorName, countsPlays } from "../deal/table.js";

/** The parts of an answer, apart as the page's language sets a list apart ("; ", French " ; "). */
const list = (items) => items.filter(Boolean).join(t("list.sep.strong"));
const who = (names, seat) => names?.[seat] || t("a11y.seat", { n: seat + 1 });

// ---- Capital ---------------------------------------------------------------------------------
function capitalSquare(view, sq, names) {
  const parts = [squareName(sq)];
  if (sq.next && sq.next.length > 1) parts.push(t("a11y.capital.fork"));
  const here = (view.seats || []).filter((s) => s.square === sq.square).map((s) => who(names, s.seat));
  if (sq.kind === "block") {
    const lots = [];
    const free = [];
    for (let lot = 0; lot < (sq.lots || 4); lot++) {
      const b = (view.businesses || []).find((x) => x.square === sq.square && x.lot === lot);
      if (b) {
        lots.push(t("a11y.capital.lot", { lot: lot + 1, kind: businessName(b.kind), owner: who(names, b.owner),
          level: b.level ?? 1, income: capitalMoney(b.income ?? 0) }));
      } else free.push(lot + 1);
    }
    parts.push(...lots);
    if (free.length) parts.push(t("a11y.capital.free_lots", { lots: free, n: free.length }));
  }
  for (const c of (view.constructions || []).filter((x) => x.square === sq.square)) {
    const name = word("capital", `construction.${c.type}.name`);
    parts.push(t("a11y.capital.construction", { what: name, owner: who(names, c.owner) }));
  }
  parts.push(here.length ? t("a11y.capital.pawns", { who: here }) : t("a11y.capital.no_pawns"));
  return list(parts);
}

const capital = {
  rows(view, names) {
    const squares = view.board || capitalBoard();
    const regions = [...new Set(squares.map((s) => s.region))];
    return regions.map((r) => ({
      label: t("a11y.capital.region", { region: regionWord(squares.find((s) => s.region === r)?.colour ?? r) }),
      cells: squares.filter((s) => s.region === r).map((sq) => ({ text: capitalSquare(view, sq, names), square: sq.square })),
    }));
  },
  mine(view, seat) {
    const s = view.seats?.[seat];
    if (!s) return t("a11y.no_seat");
    const hand = (s.hand || []).map((c) => capitalCard(c));
    const effects = Object.entries(s.effects || {}).filter(([, n]) => n > 0).map(([e, n]) => `${effectName(e)} (${n})`);
    return list([
      t("a11y.capital.balance", { money: capitalMoney(s.balance ?? 0), worth: capitalMoney(s.net_worth ?? s.balance ?? 0) }),
      hand.length ? t("a11y.hand", { cards: hand, n: hand.length }) : t("a11y.hand_empty"),
      effects.length ? t("a11y.capital.effects", { effects }) : null,
    ]);
  },
  where(view, names) {
    const squares = view.board || capitalBoard();
    return list((view.seats || []).map((s) => {
      const sq = squares.find((x) => x.square === s.square);
      return t("a11y.capital.where", { who: who(names, s.seat), square: sq ? squareName(sq) : String(s.square + 1), money: capitalMoney(s.balance ?? 0) });
    }));
  },
  leader(view, names) {
    const seats = [...(view.seats || [])].sort((a, b) => (b.net_worth ?? 0) - (a.net_worth ?? 0));
    if (!seats.length) return "";
    const [a, b] = seats;
    if (!b) return t("a11y.leads_alone", { who: who(names, a.seat), score: capitalMoney(a.net_worth ?? 0) });
    if ((a.net_worth ?? 0) === (b.net_worth ?? 0)) return t("a11y.tied", { who: who(names, a.seat), other: who(names, b.seat), score: capitalMoney(a.net_worth ?? 0) });
    return t("a11y.leads", { who: who(names, a.seat), score: capitalMoney(a.net_worth ?? 0), by: capitalMoney((a.net_worth ?? 0) - (b.net_worth ?? 0)), other: who(names, b.seat) });
  },
};

// ---- Deal ------------------------------------------------------------------------------------
function dealValue(id) {
  const cards = gameData("deal").cards;
  const c = Array.isArray(cards) ? (cards[id]?.id === id ? cards[id] : cards.find((x) => x.id === id)) : cards?.[id];
  return c?.value ?? 0;
}
const dealMoney = (n) => word("deal", "money", { n });

function dealSet(set) {
  const extra = [set.house != null ? t("a11y.deal.house") : null, set.hotel != null ? t("a11y.deal.hotel") : null].filter(Boolean);
  return t(set.full ? "a11y.deal.set_full" : "a11y.deal.set", {
    color: colorName(set.color), cards: set.cards.map(dealCard), n: set.cards.length,
    rent: dealMoney(set.rent ?? 0), extra: extra.length ? `, ${extra.join(", ")}` : "",
  });
}

const deal = {
  rows(view, names) {
    return (view.seats || []).map((s) => {
      const bank = s.bank || [];
      const total = bank.reduce((a, id) => a + dealValue(id), 0);
      const full = (s.sets || []).filter((x) => x.full).length;
      return {
        label: who(names, s.seat),
        cells: [
          { text: t("a11y.deal.player", { who: who(names, s.seat), hand: s.hand_size ?? 0, bank: dealMoney(total), sets: { key: "a11y.deal.sets_n", params: { n: full } }, n: s.hand_size ?? 0 }) },
          { text: bank.length ? t("a11y.deal.bank", { money: dealMoney(total), cards: bank.map(dealCard) }) : t("a11y.deal.bank_empty") },
          ...(s.sets || []).map((set) => ({ text: dealSet(set) })),
        ],
      };
    });
  },
  mine(view, seat) {
    const s = view.seats?.[seat];
    if (!s) return t("a11y.no_seat");
    const bank = s.bank || [];
    const hand = (s.hand || []).map(dealCard);
    return list([
      t("a11y.deal.my_bank", { money: dealMoney(bank.reduce((a, id) => a + dealValue(id), 0)) }),
      hand.length ? t("a11y.hand", { cards: hand, n: hand.length }) : t("a11y.hand_empty"),
      countsPlays(view) && view.current === seat ? t("a11y.deal.plays_left", { n: view.plays_left }) : null,
    ]);
  },
  where(view, names) {
    return list(deal.rows(view, names).map((r) => r.cells[0].text));
  },
  leader(view, names) {
    const score = (s) => (s.sets || []).filter((x) => x.full).length;
    const seats = [...(view.seats || [])].sort((a, b) => score(b) - score(a));
    if (!seats.length) return "";
    const [a, b] = seats;
    const sets = (n) => t("a11y.deal.sets_n", { n });
    if (!b) return t("a11y.leads_alone", { who: who(names, a.seat), score: sets(score(a)) });
    if (score(a) === score(b)) return t("a11y.tied", { who: who(names, a.seat), other: who(names, b.seat), score: sets(score(a)) });
    return t("a11y.leads", { who: who(names, a.seat), score: sets(score(a)), by: sets(score(a) - score(b)), other: who(names, b.seat) });
  },
};

// ---- any other game: what every view has -------------------------------------------------------
const generic = {
  rows(view, names) {
    return (view.seats || []).map((s, i) => ({ label: who(names, s.seat ?? i), cells: [{ text: `${who(names, s.seat ?? i)}: ${plain(s)}` }] }));
  },
  mine(view, seat) {
    const s = view.seats?.[seat];
    return s ? plain(s) : t("a11y.no_seat");
  },
  where(view, names) {
    return list(generic.rows(view, names).map((r) => r.cells[0].text));
  },
  leader() {
    return t("a11y.no_leader");
  },
};

/** A seat's public fields as "name value" pairs (numbers and short lists only). */
function plain(s) {
  return Object.entries(s).filter(([k, v]) => k !== "seat" && (typeof v === "number" || typeof v === "string"))
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ");
}

export const GAMES = { capital, deal };

export function gameWords(game) {
  return GAMES[game] || generic;
}


