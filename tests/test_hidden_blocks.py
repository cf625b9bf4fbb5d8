"""A hidden block may read the learner's state, never change it (torch_notes/gallery/hidden_blocks.py).

Each test runs a small script the way sphinx-gallery runs a code block: through the wrapper
the extension installs around ``gen_rst._exec_and_get_memory``, in one shared namespace.
"""

from __future__ import annotations

import ast
import codeop
import itertools
import re
import textwrap
import types
from pathlib import Path

import pytest

from torch_notes.gallery import hidden_blocks

START, END = hidden_blocks.START, hidden_blocks.END


def run_blocks(tmp_path: Path, *blocks: str) -> dict:
    """Run each block of a script in turn through the guarded runner; return the namespace."""
    source = "\n".join(textwrap.dedent(block) for block in blocks)
    script = tmp_path / "plot_example.py"
    script.write_text(source, encoding="utf-8")
    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = __builtins__

    def run(compiler, *, code_ast, gallery_conf, script_vars):  # sphinx-gallery's signature
        exec(compiler(code_ast, str(script), "exec"), script_vars["fake_main"].__dict__)  # noqa: S102
        return False, 0.0

    guarded = hidden_blocks.guarded(run)
    # One block per call, as sphinx-gallery runs them; line numbers stay the script's.
    ends = [textwrap.dedent(b).count("\n") + 1 for b in blocks]
    bounds = [sum(ends[:i]) for i in range(len(ends) + 1)]
    tree = ast.parse(source)
    for first, last in itertools.pairwise(bounds):
        body = [stmt for stmt in tree.body if first < stmt.lineno <= last]
        if not body:
            continue
        guarded(
            codeop.Compile(),
            code_ast=ast.Module(body=body, type_ignores=[]),
            gallery_conf={},
            script_vars={"src_file": str(script), "fake_main": main},
        )
    return main.__dict__


def hidden(code: str) -> str:
    return f"{START}\n{textwrap.dedent(code).strip()}\n{END}\n"


SETUP = """
import copy
import random

import numpy
import torch

torch.manual_seed(0)
x = torch.ones(3)
model = torch.nn.Linear(2, 1)
loader = torch.utils.data.DataLoader(range(8), batch_size=2, shuffle=True,
                                     generator=torch.Generator().manual_seed(1))
counts = {"a": 1, "b": 1}
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
deep = torch.nn.Sequential(torch.nn.Sequential(torch.nn.Sequential(torch.nn.Linear(2, 1))))
numpy_generator = numpy.random.default_rng(0)
python_generator = random.Random(0)
"""


@pytest.mark.parametrize(
    ("block", "said"),
    [
        ("facts['r'] = torch.randn(2).tolist()", "PyTorch's default generator"),
        ("facts['r'] = random.random()", "Python's random"),
        ("facts['r'] = float(numpy.random.rand())", "NumPy's global random state"),
        ("facts['b'] = [len(b) for b in loader]", "the generator loader"),
        ("x.add_(1)", "x changed"),
        ("x = torch.zeros(3)", "x changed"),
        ("model.eval()", "model changed"),
        ("torch.nn.init.zeros_(model.weight)", "model._parameters['weight'] changed"),
        ("del x", "x was deleted"),
        ("model(torch.ones(1, 2)).sum().backward()", "model._parameters['weight'] changed"),
        # A plain value shared with another place (both 1, one int object) is still compared.
        ("counts['b'] = 2", "counts['b'] changed"),
        ("optimizer.param_groups[0]['lr'] = 1.0", "optimizer.param_groups[0]['lr'] changed"),
        # A change the version counter misses shows in the bytes.
        ("x.data.add_(1)", "x changed"),
        ("x.numpy()[:] = 5", "x changed"),
        ("model.weight.data.mul_(0)", "model._parameters['weight'] changed"),
        ("deep[0][0][0].weight.data.zero_()", "deep._modules['0']._modules['0']._modules['0']"),
        ("facts['r'] = numpy_generator.random()", "the generator numpy_generator"),
        ("facts['r'] = python_generator.random()", "the generator python_generator"),
        ("torch.set_default_dtype(torch.float64)", "torch's global settings"),
        ("model.weight.register_hook(lambda g: g * 100)", "model._parameters['weight'] changed"),
    ],
)
def test_a_hidden_block_that_changes_the_learners_state_fails_naming_it(tmp_path, block, said):
    with pytest.raises(hidden_blocks.HiddenBlockChangedState) as raised:
        run_blocks(tmp_path, SETUP, "facts = {}\n", hidden(block), "y = x + 1\n")
    message = str(raised.value)
    assert "plot_example.py: the hidden block at line" in message
    assert said in message, message
    assert "fork_rng" in message  # and how to keep the block's work apart


def test_the_message_names_the_line_of_the_block(tmp_path):
    with pytest.raises(hidden_blocks.HiddenBlockChangedState) as raised:
        run_blocks(tmp_path, SETUP, "facts = {}\n", hidden("x.add_(1)"))
    lines = (tmp_path / "plot_example.py").read_text(encoding="utf-8").splitlines()
    assert f"at line {lines.index(START) + 1} changed" in str(raised.value)


def test_a_block_that_reads_copies_or_forks_the_generator_passes(tmp_path):
    learner = run_blocks(tmp_path, SETUP, "drawn_by_the_learner = torch.randn(2)\n")
    namespace = run_blocks(
        tmp_path,
        SETUP,
        "facts = {}\n",
        hidden(
            """
            facts["sum"] = x.sum().item()
            shadow = copy.deepcopy(model)
            shadow.eval()
            total = x.clone().add_(1)
            with torch.random.fork_rng(devices=[]):
                facts["drawn"] = torch.randn(2).tolist()
            saved = loader.generator.get_state()
            facts["batches"] = len([b for b in loader])
            loader.generator.set_state(saved)
            """
        ),
        "drawn_by_the_learner = torch.randn(2)\n",
    )
    # What the learner's script, which runs without the block, draws next.
    assert namespace["drawn_by_the_learner"].tolist() == learner["drawn_by_the_learner"].tolist()
    assert namespace["facts"]["sum"] == 3.0 and namespace["model"].training


def test_names_a_hidden_block_binds_are_its_own_to_change_later(tmp_path):
    namespace = run_blocks(
        tmp_path,
        SETUP,
        hidden("counter = [0]"),
        "y = x * 2\n",
        hidden("counter.append(1)\ncounter = [2]"),
    )
    assert namespace["counter"] == [2]


def test_a_hidden_name_the_visible_code_binds_is_the_learners_from_then_on(tmp_path):
    with pytest.raises(hidden_blocks.HiddenBlockChangedState, match="out changed"):
        run_blocks(
            tmp_path,
            SETUP,
            hidden("out = torch.ones(3)"),
            "out = torch.zeros(3)\n",  # the learner's script binds it too
            hidden("out.add_(7)"),
        )


def test_hidden_statements_inside_a_loop_or_a_branch_are_guarded_too(tmp_path):
    inner = f"""
    total = torch.zeros(1)
    for step in range(2):
        total = total + 1
        {START}
        x.mul_(2)
        {END}
    """
    with pytest.raises(hidden_blocks.HiddenBlockChangedState, match="x changed"):
        run_blocks(tmp_path, SETUP, inner)


def test_instrument_wraps_only_the_hidden_statements_and_keeps_their_lines():
    source = textwrap.dedent(
        f"""
        a = 1
        {START}
        b = a + 1
        c = b
        {END}
        if a:
            d = 2
            {START}
            e = d
            {END}
        """
    )
    tree = hidden_blocks.instrument(ast.parse(source), hidden_blocks.hidden_ranges(source), "s.py")
    top = [type(node).__name__ for node in tree.body]
    assert top == ["Assign", "With", "If"]
    guarded_top = tree.body[1]
    assert [stmt.lineno for stmt in guarded_top.body] == [4, 5]
    assert ast.unparse(guarded_top.items[0].context_expr) == (
        f"{hidden_blocks.GUARD}(globals(), 's.py', 3)"
    )
    branch = tree.body[2].body
    assert [type(node).__name__ for node in branch] == ["Assign", "With"]
    assert branch[1].body[0].lineno == 10


def test_the_extension_wraps_sphinx_gallerys_runner_once():
    from sphinx_gallery import gen_rst

    original = gen_rst._exec_and_get_memory
    try:
        hidden_blocks.setup(types.SimpleNamespace())  # type: ignore[arg-type]
        wrapped = gen_rst._exec_and_get_memory
        hidden_blocks.setup(types.SimpleNamespace())  # type: ignore[arg-type]
        assert gen_rst._exec_and_get_memory is wrapped
        assert getattr(wrapped, "torch_notes_guarded", False)
    finally:
        gen_rst._exec_and_get_memory = original


@pytest.mark.parametrize(
    ("block", "said"),
    [
        ("x.requires_grad_(True).retain_grad()", "x changed"),
        (
            "model.weight.register_post_accumulate_grad_hook(lambda p: None)",
            "model._parameters['weight'] changed",
        ),
        ("torch.set_num_threads(1)", "torch's global settings"),
        ("torch.set_float32_matmul_precision('medium')", "torch's global settings"),
    ],
)
def test_hooks_retained_grads_and_settings_are_compared_too(tmp_path, block, said):
    import torch

    threads, precision = torch.get_num_threads(), torch.get_float32_matmul_precision()
    try:
        with pytest.raises(hidden_blocks.HiddenBlockChangedState, match=re.escape(said)):
            run_blocks(tmp_path, SETUP, "facts = {}\n", hidden(block))
    finally:
        torch.set_num_threads(threads)
        torch.set_float32_matmul_precision(precision)


def test_a_block_may_delete_a_name_it_bound_itself(tmp_path):
    namespace = run_blocks(tmp_path, SETUP, hidden("scratch = x.sum()"), hidden("del scratch"))
    assert "scratch" not in namespace
