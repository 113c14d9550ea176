"""``tycoon train``: reproduce a learned agent's weights from a seed."""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer

from . import MAX_GAMES


def train(
    game: Annotated[str, typer.Argument(help="The game to train for (deal).")],
    out: Annotated[Path, typer.Option("--out", help="Where to write the weights (.npz).")],
    seed: Annotated[int, typer.Option(help="Seed of the self-play games and of training.")] = 1,
    games: Annotated[int, typer.Option(
        min=10, max=MAX_GAMES, help="Self-play games to learn from.")] = 20000,
    epochs: Annotated[int, typer.Option(min=1, help="Passes over the positions (at most).")] = 6,
    hidden: Annotated[int, typer.Option(
        min=2, max=1024, help="Width of the first hidden layer (the file stays a few MB).")] = 32,
    every: Annotated[int, typer.Option(
        min=1, help="Keep every n-th decision of a game as a position.")] = 4,
    batch: Annotated[int, typer.Option(min=1, help="Positions per training step.")] = 256,
    cosine: Annotated[bool, typer.Option(
        "--cosine/--constant",
        help="Learning rate falling to zero on a cosine over the epochs, or constant.")] = False,
) -> None:
    """Train the value network of the learned agent (needs the optional extra "learn").

    Plays self-play games of the heuristic bot, fits the network on their positions with
    PyTorch and writes numpy weights that `tycoon.bots.learned` plays with. The same seed
    and settings give the same file on the same machine.
    """
    try:
        import torch  # noqa: F401
    except ImportError:
        typer.echo("tycoon train needs PyTorch: pip install 'tycoon[learn]' "
                   "(a CPU build of torch is enough)", err=True)
        raise typer.Exit(2) from None
    from tycoon.engine import check_seed
    from tycoon.study.records import output_folder
    from tycoon.study.runner import cannot_write, exclusive

    from .value import train as run

    part = out.with_name(out.name + ".part")  # the file is whole or not there
    held = ExitStack()  # the file, for this run: two runs would write one FILE.part
    try:  # refused now, not after the games and the training
        check_seed(seed)
        output_folder(out.parent)
        if out.is_dir():
            raise ValueError(f"cannot write {out}: it is a folder")
        held.enter_context(exclusive(out, f"another tycoon train is writing {out}: wait for "
                                          "it to end, or give another --out"))
        try:
            part.touch()
            part.unlink()
        except OSError as exc:
            raise cannot_write(out, exc) from None
    except ValueError as exc:
        held.close()
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None

    with held:
        # the bar of every long command (a line a tenth in a log), and its stop by a signal
        from tycoon.cli import progress_bar, stopped_by_signals

        try:
            with stopped_by_signals(), progress_bar() as bar:
                task = bar.add_task("self-play games", total=games)
                mlp, report = run(game, seed, games=games, epochs=epochs, hidden=hidden,
                                  every=every, batch=batch, cosine=cosine,
                                  progress=lambda _: bar.advance(task))
        except ValueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            typer.echo(f"stopped; {out} is not written (a run keeps nothing: the same command "
                       "starts again)", err=True)
            raise typer.Exit(130) from None
        try:
            mlp.save(part)
            os.replace(part, out)
        except OSError as exc:
            typer.echo(f"error: {cannot_write(out, exc)}", err=True)
            raise typer.Exit(2) from None
        typer.echo(
            f"{report.positions} positions from {report.games} games "
            f"({report.selfplay_seconds:.0f} s self-play, {report.train_seconds:.0f} s training); "
            f"held out {report.holdout_positions}: log-loss {report.holdout_logloss:.4f}, "
            f"accuracy {report.holdout_accuracy:.1%} (hand-fitted evaluation: "
            f"{report.baseline_logloss:.4f}, {report.baseline_accuracy:.1%}); "
            f"numpy vs torch max difference {report.max_abs_diff:.1e}; wrote {out}"
        )
