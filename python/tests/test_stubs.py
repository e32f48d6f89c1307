"""The type stubs (`simdhtml/*.pyi`) describe the module as it is: every public name of each
module is in its stub and every name of the stub is in the module; the same for the members of
each class and the parameters of each function; the contract's names are there; everything
public has a docstring.
"""

from __future__ import annotations

import __future__ as future_module
import ast
import importlib
import inspect
import pathlib
import types

import pytest

import simdhtml
from conftest import REPO

CONTRACT = {"parse", "iter_warc", "Document", "Element", "WarcRecord", "SelectorError", "WarcError"}
CONTRACT_MEMBERS = {
    "Document": {
        "encoding", "title", "lang", "quirks_mode", "truncated", "text", "markdown", "links",
        "select", "select_one", "html", "root", "meta", "page_type",
    },
    "Element": {
        "tag", "attrs", "get", "text", "html", "inner_html", "parent", "children", "select",
        "select_one",
    },
    "WarcRecord": {
        "url", "record_id", "date", "status", "content_type", "charset", "offset",
        "record_type", "body", "parse",
    },
}


def package_dir() -> pathlib.Path:
    return pathlib.Path(simdhtml.__file__).resolve().parent


def stub_files() -> list[pathlib.Path]:
    """The stubs the installed package ships (else the checkout's python/simdhtml/*.pyi)."""
    stubs = sorted(package_dir().glob("*.pyi")) or sorted((REPO / "python" / "simdhtml").glob("*.pyi"))
    assert stubs, f"no .pyi stubs in {package_dir()} or {REPO / 'python' / 'simdhtml'}"
    return stubs


def module_for(stub: pathlib.Path) -> types.ModuleType:
    name = "simdhtml" if stub.stem == "__init__" else f"simdhtml.{stub.stem}"
    return importlib.import_module(name)


def stub_names(tree: ast.Module) -> dict[str, ast.AST]:
    """Top-level public names a stub declares (re-exports as `import X as X` / `from M import
    X as X` or listed in `__all__`)."""
    names: dict[str, ast.AST] = {}
    declared_all = None
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    if t.id == "__all__":
                        declared_all = [ast.literal_eval(e) for e in node.value.elts]
                    else:
                        names[t.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.asname is not None and alias.asname == alias.name:
                    names[alias.asname] = node
    if declared_all is not None:
        for n in declared_all:
            names.setdefault(n, tree)
    return {n: v for n, v in names.items() if is_public(n)}


def is_public(name: str) -> bool:
    """Not `_private` (dunder names such as `__version__` are public)."""
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def runtime_names(module: types.ModuleType) -> set[str]:
    if hasattr(module, "__all__"):
        return set(module.__all__)
    out = set()
    for name in dir(module):
        if name.startswith("_"):
            continue
        value = getattr(module, name)
        if isinstance(value, (types.ModuleType, future_module._Feature)):
            continue
        owner = getattr(value, "__module__", None)
        if (inspect.isclass(value) or callable(value)) and owner and not owner.startswith("simdhtml"):
            continue  # imported helpers (typing, os, ...), not the module's own
        out.add(name)
    return out


def class_members_in_stub(node: ast.ClassDef) -> set[str]:
    out = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            out.add(item.target.id)
        elif isinstance(item, ast.Assign):
            out.update(t.id for t in item.targets if isinstance(t, ast.Name))
    return {n for n in out if not n.startswith("_")}


def class_members_at_runtime(cls: type, inherited: bool = False) -> set[str]:
    """Public attributes of CLS that it (or a base of its own) defines, not `object`'s nor those
    it inherits from another package's base (datatrove's `BaseExtractor`, when datatrove is
    installed: the stub declares what simdhtml adds); and, when CLS can be made without
    arguments, the attributes its instances get in __init__."""
    own, foreign = set(), set()
    for base in cls.__mro__:
        if (base.__module__ or "").startswith("simdhtml"):
            own |= set(vars(base))
        elif base is not object:
            foreign |= set(vars(base))
    names = {n for n in dir(cls) if inherited or n in own or n not in foreign}
    try:
        instance = cls()
    except Exception:
        instance = None
    if instance is not None and hasattr(instance, "__dict__"):
        names |= set(vars(instance))
    return {n for n in names if not n.startswith("_") and n not in dir(object)}


def parsed_stubs():
    return [(stub, ast.parse(stub.read_text(encoding="utf-8"), filename=str(stub))) for stub in stub_files()]


def test_stubs_parse_and_there_is_one_for_the_package():
    stubs = stub_files()
    assert any(s.stem == "__init__" for s in stubs), [s.name for s in stubs]
    parsed_stubs()


def test_every_public_name_is_in_the_stub_and_back():
    problems = []
    for stub, tree in parsed_stubs():
        module = module_for(stub)
        declared, present = set(stub_names(tree)), runtime_names(module)
        for n in sorted(present - declared):
            problems.append(f"{module.__name__}.{n} is not in {stub.name}")
        for n in sorted(declared - present):
            problems.append(f"{stub.name} declares {n}, which {module.__name__} does not have")
    assert not problems, "\n".join(problems)


def test_class_members_are_in_the_stub_and_back():
    problems = []
    for stub, tree in parsed_stubs():
        module = module_for(stub)
        for name, node in stub_names(tree).items():
            if not isinstance(node, ast.ClassDef) or not hasattr(module, name):
                continue
            cls = getattr(module, name)
            if not inspect.isclass(cls) or issubclass(cls, BaseException):
                continue
            declared, present = class_members_in_stub(node), class_members_at_runtime(cls)
            for n in sorted(present - declared):
                problems.append(f"{module.__name__}.{name}.{n} is not in {stub.name}")
            # What the stub declares may come from another package's base at run time.
            for n in sorted(declared - class_members_at_runtime(cls, inherited=True)):
                problems.append(f"{stub.name}: {name}.{n} is not in {module.__name__}.{name}")
    assert not problems, "\n".join(problems)


def stub_parameters(fn: ast.FunctionDef) -> list[tuple[str, str]]:
    a = fn.args
    out = [(x.arg, "POSITIONAL_ONLY") for x in a.posonlyargs]
    out += [(x.arg, "POSITIONAL_OR_KEYWORD") for x in a.args]
    if a.vararg:
        out.append((a.vararg.arg, "VAR_POSITIONAL"))
    out += [(x.arg, "KEYWORD_ONLY") for x in a.kwonlyargs]
    if a.kwarg:
        out.append((a.kwarg.arg, "VAR_KEYWORD"))
    return out


def runtime_parameters(fn) -> list[tuple[str, str]] | None:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    params = [(p.name, p.kind.name) for p in sig.parameters.values()]
    if [k for n, k in params if n not in ("self", "$self")] == ["VAR_KEYWORD"]:
        return None  # `(**kw)` forwards: nothing to compare (test_errors checks unknown keywords)
    return params


def test_function_parameters_match_the_stub():
    """The parameter names and kinds of every function and method the runtime can report
    (`__text_signature__` / inspect.signature) are the stub's."""
    problems, compared = [], 0
    for stub, tree in parsed_stubs():
        module = module_for(stub)
        for name, node in stub_names(tree).items():
            if isinstance(node, ast.FunctionDef) and hasattr(module, name):
                pairs = [(name, node, getattr(module, name), False)]
            elif isinstance(node, ast.ClassDef) and hasattr(module, name):
                cls = getattr(module, name)
                pairs = []
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and not item.name.startswith("_") and hasattr(cls, item.name):
                        decorators = {ast.unparse(d) for d in item.decorator_list}
                        if "property" in decorators or any(d.endswith(".setter") for d in decorators):
                            continue
                        pairs.append((f"{name}.{item.name}", item, getattr(cls, item.name), "staticmethod" not in decorators))
            else:
                continue
            # Overloads (`@overload` variants of one name) are compared together below.
            variants: dict[str, list] = {}
            for qual, fn_node, fn, is_method in pairs:
                variants.setdefault(qual, []).append((fn_node, fn, is_method))
            for qual, group in variants.items():
                fn = group[0][1]
                got = runtime_parameters(fn)
                if got is None:
                    continue
                wants = []
                for fn_node, _, is_method in group:
                    decorators = {ast.unparse(d) for d in fn_node.decorator_list}
                    if len(group) > 1 and not decorators & {"overload", "typing.overload"}:
                        continue  # the implementation after the overloads (none in a stub, usually)
                    want = stub_parameters(fn_node)
                    if is_method and want and want[0][0] in ("self", "cls"):
                        want = want[1:]
                    wants.append(want)
                if group[0][2] and got and got[0][0] in ("self", "cls", "$self"):
                    got = got[1:]
                if got and got[-1][1] == "VAR_KEYWORD":
                    # `**kwargs` forwarded: the stub may spell out keyword-only parameters there.
                    named = {n for n, _ in got}
                    got = got[:-1]
                    wants = [
                        [(n, k) for n, k in w if not (k == "KEYWORD_ONLY" and n not in named)
                         and k != "VAR_KEYWORD"]
                        for w in wants
                    ]
                compared += 1
                if len(wants) == 1:
                    if wants[0] != got:
                        problems.append(f"{module.__name__}.{qual}: stub {wants[0]}, runtime {got}")
                elif got not in wants or any(not set(w) <= set(got) for w in wants):
                    problems.append(f"{module.__name__}.{qual}: overloads {wants}, runtime {got}")
    assert compared >= 3, "no function signature could be compared"
    assert not problems, "\n".join(problems)


def test_the_contracts_names_are_there():
    """issue 14's API: the module's names and the members of its classes."""
    missing = sorted(n for n in CONTRACT if not hasattr(simdhtml, n))
    assert not missing, missing
    for cls, members in CONTRACT_MEMBERS.items():
        absent = sorted(m for m in members if not hasattr(getattr(simdhtml, cls), m))
        assert not absent, f"{cls} lacks {absent}"
    # iter_warc yields WarcRecord objects; parse gives a Document; select gives Elements.
    doc = simdhtml.parse(b"<!DOCTYPE html><p>x")
    assert isinstance(doc, simdhtml.Document)
    assert all(isinstance(e, simdhtml.Element) for e in doc.select("p"))


def test_the_contracts_names_are_in_the_stub():
    declared = set()
    for stub, tree in parsed_stubs():
        if stub.stem == "__init__":
            declared |= set(stub_names(tree))
    assert CONTRACT <= declared, sorted(CONTRACT - declared)


def test_py_typed_marker():
    """PEP 561: type checkers read the stubs of an installed package only with py.typed."""
    assert (package_dir() / "py.typed").exists(), f"no py.typed in {package_dir()}"


def test_public_api_has_docstrings():
    missing = []
    for name in sorted(runtime_names(simdhtml)):
        value = getattr(simdhtml, name)
        if not (getattr(value, "__doc__", None) or "").strip():
            missing.append(name)
        if inspect.isclass(value) and not issubclass(value, BaseException):
            for member in sorted(class_members_at_runtime(value)):
                attr = inspect.getattr_static(value, member)
                if not (getattr(attr, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{member}")
    assert not missing, f"no docstring: {missing}"


@pytest.mark.parametrize("name", ["parse", "iter_warc"])
def test_signatures_of_the_entry_points(name):
    """parse(data, *, encoding=None, base_url=None, scripting=True) and
    iter_warc(path_or_binary_file, *, html_only=True, errors="raise", max_bytes=...)."""
    params = runtime_parameters(getattr(simdhtml, name))
    assert params is not None, f"{name} has no signature"
    kinds = dict(params)
    if name == "parse":
        assert params[0][1] in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")
        assert {k: kinds.get(k) for k in ("encoding", "base_url", "scripting")} == dict.fromkeys(
            ("encoding", "base_url", "scripting"), "KEYWORD_ONLY"
        )
        sig = inspect.signature(simdhtml.parse)
        assert sig.parameters["encoding"].default is None
        assert sig.parameters["base_url"].default is None
        assert sig.parameters["scripting"].default is True
    else:
        assert params[0][1] in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")
        for k in ("html_only", "errors", "max_bytes"):
            assert kinds.get(k) == "KEYWORD_ONLY", (k, params)
        sig = inspect.signature(simdhtml.iter_warc)
        assert sig.parameters["html_only"].default is True
        assert sig.parameters["errors"].default == "raise"
        # PyO3 may not render this default in __text_signature__ (then it shows `...`);
        # test_warc.py::test_default_max_bytes_is_64_mib checks the behaviour.
        assert sig.parameters["max_bytes"].default in (64 * 1024 * 1024, Ellipsis)
