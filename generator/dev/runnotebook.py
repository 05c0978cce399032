"""Execute notebooks/explore.ipynb headless: for tests/test_notebook.py and `make figures`.

The kernel is this Python (the project's .venv), not whatever `python3` kernel Jupyter finds
first on the machine. QUICK mode and the figures folder reach the notebook through environment
variables its parameters cell reads (PICROSS_QUICK, PICROSS_FIGURES).

    python -m generator.dev.runnotebook [--quick] [--figures docs/figures] [-o executed.ipynb]
    python -m generator.dev.runnotebook --strip     # clear outputs before committing the notebook
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

from generator.formats.atomic import write_atomic
from generator.dev.explore import REPO

NOTEBOOK = REPO / "notebooks" / "explore.ipynb"


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


def strip(path: Path = NOTEBOOK) -> int:
    """Clear the notebook file for committing: outputs, execution counts and run timings of its
    cells, and the kernel's language details (its Python version). Returns how many things
    (cells, plus 1 for the metadata) it cleared; 0 means the file was already clean."""
    nb = nbformat.read(path, as_version=4)
    cleared = 0
    if nb.metadata.get("language_info", {}) != {"name": "python"}:
        nb.metadata["language_info"] = {"name": "python"}
        cleared += 1
    for c in nb.cells:
        if c.cell_type == "code" and (c.outputs or c.execution_count is not None
                                      or "execution" in c.metadata):
            c.outputs, c.execution_count = [], None
            c.metadata.pop("execution", None)
            cleared += 1
    if cleared:
        write_atomic(path, nbformat.writes(nb) + "\n")
    return cleared


@click.command()
@click.option("--quick", is_flag=True, help="Small samples (the test's setting).")
@click.option("--figures", type=click.Path(file_okay=False), help="Folder for the README figures.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Save the executed notebook.")
@click.option("--strip", "strip_only", is_flag=True, help="Only clear the notebook's outputs, in place.")
def main(quick: bool, figures: str | None, output: str | None, strip_only: bool) -> None:
    if strip_only:
        print(f"cleared {strip(NOTEBOOK)} cells of {NOTEBOOK.relative_to(REPO)}", file=sys.stderr)
        return
    nb = execute(NOTEBOOK, quick, Path(figures) if figures else None)
    if output:
        write_atomic(output, nbformat.writes(nb))
    print(f"executed {NOTEBOOK.relative_to(REPO)} ({'quick' if quick else 'full'})", file=sys.stderr)


if __name__ == "__main__":
    main()
