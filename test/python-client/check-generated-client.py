"""Checks a Python client that openapi-python-client generated from an OpenAPI file of this project.

1. Every module of the generated package imports.
2. Every named example of a request body parses with the body's generated model (`from_dict`) and
   comes back unchanged from `to_dict`.
3. Every named example of a response goes through the operation's generated `_parse_response`, as
   an answer with that status would: it must parse, to the model of the alternative the example
   validates against (an error with HTTP 200 to `ErrorBody`, a success to the success model;
   2.1, 7.1), and come back unchanged from `to_dict`.
4. Every named example of a parameter is a value of the parameter's generated type.
5. Exactly one generated class is `ErrorBody` (the common error body of 2.1).

Prints the figures and exits 1 when any check fails. Run by check-python-client.sh, which generates
the client; the generated package's folder is given with --package.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import importlib.metadata
import json
import re
import sys
import traceback
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
DOCUMENT_URI = "urn:openapi-document"


@dataclass
class Figures:
    """What the check counted, and each failure with its place."""

    modules: int = 0
    model_classes: int = 0
    error_body_classes: int = 0
    request_examples: int = 0
    request_parsed: int = 0
    request_round_trips: int = 0
    response_examples: int = 0
    response_parsed: int = 0
    response_round_trips: int = 0
    parameter_examples: int = 0
    parameter_accepted: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, where: str, what: str) -> None:
        self.failures.append(f"{where}: {what}")


def squashed(name: str) -> str:
    """A name without case or separators, how both the document's and the generator's names compare."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def import_every_module(package_dir: Path, figures: Figures) -> dict[str, types.ModuleType]:
    """Imports the package and each of its modules; the modules that imported, by dotted name."""
    sys.path.insert(0, str(package_dir.parent))
    # The names from the files, not from importing the packages: a package that fails to import
    # would hide the modules below it.
    names = sorted(
        ".".join((package_dir.name, *file.relative_to(package_dir).with_suffix("").parts)).removesuffix(".__init__")
        for file in package_dir.rglob("*.py")
    )
    imported: dict[str, types.ModuleType] = {}
    for name in names:
        figures.modules += 1
        try:
            imported[name] = importlib.import_module(name)
        except Exception as error:  # every failure is a figure of the run, not a stop
            figures.fail(f"import {name}", f"{type(error).__name__}: {error}")
    return imported


def count_classes(imported: dict[str, types.ModuleType], package: str, figures: Figures) -> None:
    """Counts the generated model classes, and those named ErrorBody."""
    for name, module in imported.items():
        if not name.startswith(f"{package}.models."):
            continue
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == name:
                figures.model_classes += 1
                if value.__name__ == "ErrorBody":
                    figures.error_body_classes += 1


class Document:
    """The OpenAPI file: its references resolved, and a validator for any of its schemas."""

    def __init__(self, path: Path) -> None:
        self.data = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(self.data, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(DOCUMENT_URI, resource)

    def resolve(self, node: dict) -> dict:
        """The object a `$ref` names (the document's own references only), or the node itself."""
        while "$ref" in node:
            target: typing.Any = self.data
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def validates(self, reference: str, value: object) -> bool:
        """Whether `value` validates against the schema the document's `reference` ("#/...") names."""
        return Draft202012Validator({"$ref": DOCUMENT_URI + reference}, registry=self.registry).is_valid(value)

    def matching_components(self, schema: dict, value: object) -> list[str] | None:
        """The component schemas among the alternatives of `schema` that `value` validates against.

        None when the schema is inline (its generated class is named after the operation, so there is
        no name to hold it to)."""
        if "$ref" in schema:
            return [schema["$ref"].rsplit("/", 1)[-1]]
        alternatives = schema.get("anyOf") or schema.get("oneOf")
        if not alternatives or not all("$ref" in a for a in alternatives):
            return None
        return [a["$ref"].rsplit("/", 1)[-1] for a in alternatives if self.validates(a["$ref"], value)]


def operations(document: Document) -> typing.Iterator[tuple[str, str, dict]]:
    for path, item in document.data["paths"].items():
        for method in HTTP_METHODS:
            if method in item:
                yield path, method, item[method]


def named_examples(media: dict) -> list[tuple[str, object]]:
    """The examples of a media type or parameter: each named one, and an unnamed `example` as "example"."""
    found = [(name, example["value"]) for name, example in media.get("examples", {}).items() if "value" in example]
    if "example" in media:
        found.append(("example", media["example"]))
    return found


def hint_classes(hint: object) -> list[object]:
    """The members of a union annotation, or the annotation itself."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return list(typing.get_args(hint))
    return [hint]


def round_trips(parsed: object, value: object) -> bool:
    to_dict = getattr(parsed, "to_dict", None)
    return to_dict is not None and to_dict() == value


def check_request_body(document: Document, module: types.ModuleType, where: str, operation: dict, figures: Figures) -> None:
    body = operation.get("requestBody")
    if body is None:
        return
    media = document.resolve(body).get("content", {}).get("application/json")
    if media is None:
        return
    hints = typing.get_type_hints(module._get_kwargs)
    models = [c for c in hint_classes(hints.get("body")) if hasattr(c, "from_dict")]
    for name, value in named_examples(media):
        figures.request_examples += 1
        place = f"{where} request example {name}"
        if not models:
            figures.fail(place, f"the generated _get_kwargs takes no model body (annotation {hints.get('body')!r})")
            continue
        expected = document.matching_components(media["schema"], value)
        candidates = models if expected is None else [m for m in models if squashed(m.__name__) in map(squashed, expected)]
        errors: list[str] = []
        for model in candidates:
            try:
                parsed = model.from_dict(value)
            except Exception as error:
                errors.append(f"{model.__name__}.from_dict: {type(error).__name__}: {error}")
                continue
            figures.request_parsed += 1
            figures.request_round_trips += round_trip_checked(figures, place, parsed, value)
            break
        else:
            figures.fail(place, "; ".join(errors) or f"no generated body model matches {expected} (have {[m.__name__ for m in models]})")


def round_trip_checked(figures: Figures, place: str, parsed: object, value: object) -> bool:
    """Whether `parsed` gives the example back with to_dict; a failure of the check where it does not."""
    if round_trips(parsed, value):
        return True
    figures.fail(place, f"{type(parsed).__name__}.to_dict() gives {parsed.to_dict()!r}, not the example {value!r}")
    return False


def unlisted_status(operation: dict, value: object) -> int:
    """A status the operation lists no response for, as the `default` response takes: the body's own
    status when the operation lists none for it, else one no operation lists."""
    listed = {code for code in operation["responses"] if code.isdigit()}
    body_status = value.get("status") if isinstance(value, dict) else None
    if isinstance(body_status, int) and 100 <= body_status <= 599 and str(body_status) not in listed:
        return body_status
    return next(code for code in (400, 500, 599) if str(code) not in listed)


def check_responses(
    document: Document, module: types.ModuleType, client: object, where: str, path: str, method: str, operation: dict, figures: Figures
) -> None:
    for code, response in operation["responses"].items():
        media = document.resolve(response).get("content", {}).get("application/json")
        if media is None:
            continue
        for name, value in named_examples(media):
            figures.response_examples += 1
            place = f"{where} response {code} example {name}"
            status = int(code) if code.isdigit() else unlisted_status(operation, value)
            answer = httpx.Response(status, json=value, request=httpx.Request(method.upper(), f"http://127.0.0.1{path}"))
            try:
                parsed = module._parse_response(client=client, response=answer)
            except Exception as error:
                figures.fail(place, f"_parse_response: {type(error).__name__}: {error}")
                continue
            if parsed is None:
                figures.fail(place, f"_parse_response gave None for status {status}")
                continue
            expected = document.matching_components(media["schema"], value)
            if expected is not None and squashed(type(parsed).__name__) not in map(squashed, expected):
                figures.fail(place, f"parsed as {type(parsed).__name__}; the example validates against {expected}")
                continue
            figures.response_parsed += 1
            figures.response_round_trips += round_trip_checked(figures, place, parsed, value)


def accepts(hint: object, value: object) -> bool:
    """Whether `value` is a value of the generated parameter type `hint` (an enum, a model or a plain type)."""
    for member in hint_classes(hint):
        if isinstance(member, type) and issubclass(member, enum.Enum):
            try:
                member(value)
                return True
            except ValueError:
                continue
        elif hasattr(member, "from_dict"):
            try:
                member.from_dict(value)
                return True
            except Exception:
                continue
        elif isinstance(member, type) and not (member is int and isinstance(value, bool)) and isinstance(value, member):
            return True
    return False


def check_parameters(document: Document, module: types.ModuleType, where: str, operation: dict, figures: Figures) -> None:
    hints = {squashed(k): v for k, v in typing.get_type_hints(module._get_kwargs).items()}
    for parameter in map(document.resolve, operation.get("parameters", [])):
        for name, value in named_examples(parameter):
            figures.parameter_examples += 1
            place = f"{where} parameter {parameter['name']} example {name}"
            hint = hints.get(squashed(parameter["name"]))
            if hint is None:
                figures.fail(place, "the generated _get_kwargs has no argument for it")
            elif accepts(hint, value):
                figures.parameter_accepted += 1
            else:
                figures.fail(place, f"{value!r} is not a value of {hint!r}")


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    arguments.add_argument("--package", required=True, type=Path, help="the generated package's folder")
    arguments.add_argument("--spec", required=True, type=Path, help="the OpenAPI file it was generated from")
    options = arguments.parse_args()

    figures = Figures()
    package = options.package.resolve()
    imported = import_every_module(package, figures)
    count_classes(imported, package.name, figures)
    document = Document(options.spec)
    api_modules = {
        squashed(n.rsplit(".", 1)[-1]): m for n, m in imported.items() if n.startswith(f"{package.name}.api.") and hasattr(m, "_parse_response")
    }
    client_module = imported.get(f"{package.name}.client")
    client = client_module.Client(base_url="http://127.0.0.1") if client_module else None

    operation_count = 0
    for path, method, operation in operations(document):
        operation_count += 1
        where = f"{method.upper()} {path} ({operation.get('operationId')})"
        module = api_modules.get(squashed(operation.get("operationId", "")))
        if module is None:
            figures.fail(where, "no generated module for this operation (or it did not import)")
            continue
        try:
            check_request_body(document, module, where, operation, figures)
            check_parameters(document, module, where, operation, figures)
            check_responses(document, module, client, where, path, method, operation, figures)
        except Exception:
            figures.fail(where, traceback.format_exc(limit=3))

    if figures.error_body_classes != 1:
        figures.fail("models", f"{figures.error_body_classes} classes named ErrorBody, not exactly one")
    imported_count = len(imported)
    print(f"python {sys.version.split()[0]}, httpx {httpx.__version__}, attrs {importlib.metadata.version('attrs')}")
    print(f"operations in the file: {operation_count}; generated API modules: {len(api_modules)}")
    print(f"modules: {figures.modules}, imported: {imported_count}, failed: {figures.modules - imported_count}")
    print(f"model classes: {figures.model_classes}, named ErrorBody: {figures.error_body_classes}")
    print(
        f"request body examples: {figures.request_examples}, parsed by from_dict: {figures.request_parsed}, "
        f"unchanged by to_dict: {figures.request_round_trips}"
    )
    print(
        f"response examples (a shared response counted for each operation): {figures.response_examples}, "
        f"parsed to the model of their alternative: {figures.response_parsed}, unchanged by to_dict: {figures.response_round_trips}"
    )
    print(f"parameter examples: {figures.parameter_examples}, values of the generated type: {figures.parameter_accepted}")
    for failure in figures.failures:
        print(f"FAIL {failure}")
    print(f"failures: {len(figures.failures)}")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
