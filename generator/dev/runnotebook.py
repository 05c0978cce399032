"""Execute notebooks/explore.ipynb headless: for tests/dev/test_notebook.py and `make figures`.

The kernel is this Python (the project's .venv), not whatever `python3` kernel Jupyter finds
first on the machine. QUICK mode and the figures folder reach the notebook through environment
variables its parameters cell reads (PICROSS_QUICK, PICROSS_FIGURES).

The notebook is committed executed in full, so that a reader on the web sees its plots:
`published` gives an executed notebook the committed form (no run timings, one PNG per picture),
and `--publish` writes that form over notebooks/explore.ipynb (`make figures` does both).

    python -m generator.dev.runnotebook [--quick] [--figures docs/figures] [-o executed.ipynb]
    python -m generator.dev.runnotebook --publish [--figures docs/figures]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click
import nbformat
from ipykernel.kernelspec import RESOURCES, get_kernel_dict
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

from generator.files.atomic import write_atomic
from generator.dev.explore import REPO

NOTEBOOK = REPO / "notebooks" / "explore.ipynb"

# A line of a cell's printed output holding one of these is a measured time: it differs run to
# run, so a check of the committed outputs against a fresh run skips it (and that cell's plot).
TIMED = ("grids/s",)


class ThisPythonKernel(KernelSpecManager):
    """Every kernel name resolves to an IPython kernel run by this interpreter."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(resource_dir=RESOURCES, **get_kernel_dict())


def execute(path: Path = NOTEBOOK, quick: bool = True, figures: Path | None = None,
            timeout: int = 600) -> nbformat.NotebookNode:
    """Run every cell of the notebook at `path` in a fresh kernel; returns it with outputs.

    A cell that raises makes this raise nbclient's CellExecutionError (with the traceback).
    """
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ, PICROSS_QUICK="1" if quick else "0")
    env.pop("PICROSS_FIGURES", None)
    if figures is not None:
        env["PICROSS_FIGURES"] = str(Path(figures).resolve())
    km = AsyncKernelManager(kernel_spec_manager=ThisPythonKernel(), kernel_name="python3")
    # the kernel's own log stays quiet below ERROR (its warnings about local TCP are noise here)
    client = NotebookClient(nb, km=km, timeout=timeout, extra_arguments=["--log-level=ERROR"],
                            resources={"metadata": {"path": str(Path(path).parent)}})
    client.execute(env=env)
    return nb


def published(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The committed form of an executed notebook: the outputs kept, the run's timings and the
    kernel's language details (its Python version) dropped, and a picture shown both as PNG and
    JPEG (PIL images are) kept as PNG only, so the file stays small."""
    nb.metadata["language_info"] = {"name": "python"}
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        c.metadata.pop("execution", None)
        for o in c.outputs:
            if "image/png" in o.get("data", {}):
                o.data.pop("image/jpeg", None)
    return nb


def printed(cell) -> str:
    """What a code cell printed (its stream outputs joined)."""
    return "".join(o.text for o in cell.outputs if o.output_type == "stream")


def is_timed(cell) -> bool:
    """Whether a cell's output holds a measured time (see TIMED)."""
    return any(word in printed(cell) for word in TIMED)


@click.command()
@click.option("--quick", is_flag=True, help="Small samples (the test's setting).")
@click.option("--figures", type=click.Path(file_okay=False), help="Folder for the README figures.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Save the executed notebook.")
@click.option("--publish", is_flag=True,
              help="Run in full and write the outputs into notebooks/explore.ipynb.")
def main(quick: bool, figures: str | None, output: str | None, publish: bool) -> None:
    if publish and quick:
        raise click.UsageError("--publish runs the notebook in full: leave out --quick")
    nb = execute(NOTEBOOK, quick, Path(figures) if figures else None)
    if publish:
        write_atomic(NOTEBOOK, nbformat.writes(published(nb)) + "\n")
    if output:
        write_atomic(output, nbformat.writes(nb))
    print(f"executed {NOTEBOOK.relative_to(REPO)} ({'quick' if quick else 'full'})"
          f"{', outputs written into it' if publish else ''}", file=sys.stderr)


if __name__ == "__main__":
    main()
