"""Execute notebooks/explore.ipynb headless: for tests/test_notebook.py and `make figures`.

The kernel is this Python (the project's .venv), not whatever `python3` kernel Jupyter finds
first on the machine. QUICK mode and the figures folder reach the notebook through environment
variables its parameters cell reads (PICROSS_QUICK, PICROSS_FIGURES).

    python -m generator.runnotebook [--quick] [--figures docs/figures] [-o executed.ipynb]
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

from generator.atomic import write_atomic
from generator.explore import REPO

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
    client = NotebookClient(nb, km=km, timeout=timeout,
                            resources={"metadata": {"path": str(Path(path).parent)}})
    client.execute(env=env)
    return nb


@click.command()
@click.option("--quick", is_flag=True, help="Small samples (the test's setting).")
@click.option("--figures", type=click.Path(file_okay=False), help="Folder for the README figures.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Save the executed notebook.")
def main(quick: bool, figures: str | None, output: str | None) -> None:
    nb = execute(NOTEBOOK, quick, Path(figures) if figures else None)
    if output:
        write_atomic(output, nbformat.writes(nb))
    print(f"executed {NOTEBOOK.relative_to(REPO)} ({'quick' if quick else 'full'})", file=sys.stderr)


if __name__ == "__main__":
    main()
