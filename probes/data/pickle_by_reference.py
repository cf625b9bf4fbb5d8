"""A pickle names a class by its module and qualified name only and holds none of its code:
unpickling imports the module and looks the name up, and fails where the class is not found."""

import pickle
import pickletools
import subprocess
import sys


class WhoLoads:
    """A dataset class with a method whose code the pickle could hold."""

    marker = "a class attribute"

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return "code-of-getitem" + str(i)


def globals_named(data):
    """The (module, name) pairs a pickle asks to import."""
    names, strings = [], []
    for opcode, argument, _ in pickletools.genops(data):
        if isinstance(argument, str):
            strings.append(argument)
        if opcode.name == "GLOBAL":
            names.append(tuple(argument.split(" ", 1)))
        elif opcode.name == "STACK_GLOBAL":
            names.append(tuple(strings[-2:]))
    return names


def case_instance_names_its_class():
    """an instance of a class defined in this module"""
    data = pickle.dumps(WhoLoads())
    assert globals_named(data) == [(__name__, "WhoLoads")], globals_named(data)


def case_no_code_in_pickle():
    """the pickle holds neither the method's code nor its constants nor class attributes"""
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(WhoLoads(), protocol=protocol)
        for piece in (
            b"code-of-getitem",
            b"a class attribute",
            b"__getitem__",
            WhoLoads.__getitem__.__code__.co_code,
        ):
            assert piece not in data, f"protocol {protocol} holds {piece!r}"


def case_class_itself_by_name():
    """the class object itself, pickled"""
    data = pickle.dumps(WhoLoads)
    assert globals_named(data) == [(__name__, "WhoLoads")], globals_named(data)
    assert pickle.loads(data) is WhoLoads, "not the same class"


def case_nested_class_by_qualified_name():
    """a class nested in another: named by its qualified name"""
    data = pickle.dumps(Outer.Inner())
    assert (__name__, "Outer.Inner") in globals_named(data), globals_named(data)


class Outer:
    class Inner:
        pass


def case_local_class_refused():
    """a class defined inside a function has no importable name: refused"""

    class Local:
        pass

    try:
        pickle.dumps(Local())
    except (AttributeError, pickle.PicklingError):
        return
    raise AssertionError("a local class was pickled")


def case_fresh_process_without_the_class():
    """unpickled in a fresh Python whose __main__ has no such class"""
    source = "class Sample:\n    pass\n"
    namespace = {"__name__": "__main__"}
    exec(source, namespace)  # noqa: S102 - a class that claims the module __main__
    main = sys.modules["__main__"]
    had = hasattr(main, "Sample")
    previous = getattr(main, "Sample", None)
    main.Sample = namespace["Sample"]
    try:
        data = pickle.dumps(namespace["Sample"]())
    finally:
        if had:
            main.Sample = previous
        else:
            del main.Sample
    done = subprocess.run(
        [sys.executable, "-c", ("import pickle, sys; pickle.loads(sys.stdin.buffer.read())")],
        input=data,
        check=False,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode != 0 and b"AttributeError" in done.stderr, done.stderr[-300:]
