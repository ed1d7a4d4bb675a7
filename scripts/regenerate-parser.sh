#!/usr/bin/env bash
# Regenerates the C# parser of src/SharpCoreDB.Sql from its ANTLR grammar and
# commits-ready output into src/SharpCoreDB.Sql/Generated/. Building the solution
# needs no Java because that output is committed; run this after every grammar edit.
#
# What it does besides running the tool:
# - makes every generated type internal, so that no ANTLR type leaks out of the
#   assembly's public API;
# - stamps each generated file with the SHA-256 of the grammar files (line endings
#   normalised to LF), which GeneratedParserFreshnessTests recomputes: a grammar edit
#   without regeneration fails the tests.
#
# Usage: scripts/regenerate-parser.sh   (ANTLR_JAR overrides the tool's path)
set -euo pipefail
cd "$(dirname "$0")/.."

ANTLR_JAR="${ANTLR_JAR:-../shared/tools/antlr4-4.13.2-complete.jar}"
JAVA="${JAVA:-java}"
GRAMMAR_DIR="src/SharpCoreDB.Sql/Grammar"
OUT_DIR="src/SharpCoreDB.Sql/Generated"
NAMESPACE="SharpCoreDB.Sql.Generated"
# Order matters: the hash is taken over the files in this order.
GRAMMARS=("$GRAMMAR_DIR/SqlGrammarLexer.g4" "$GRAMMAR_DIR/SqlGrammarParser.g4")

if [ ! -f "$ANTLR_JAR" ]; then
    echo "ANTLR tool not found at $ANTLR_JAR (set ANTLR_JAR)" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$JAVA" -jar "$ANTLR_JAR" -Dlanguage=CSharp -visitor -no-listener -package "$NAMESPACE" \
    -Werror -Xexact-output-dir -o "$tmp" "${GRAMMARS[@]}"

hash=$(cat "${GRAMMARS[@]}" | tr -d '\r' | sha256sum | cut -d' ' -f1)

rm -rf "$OUT_DIR"
mkdir -p "$OUT_DIR"
for file in "$tmp"/*.cs; do
    name=$(basename "$file")
    {
        echo "// Grammar SHA-256: $hash"
        sed -E \
            -e 's/^public (partial class|interface) /internal \1 /' \
            -e '/^\[System.CLSCompliant\(false\)\]/d' \
            -e 's/[[:space:]]+$//' \
            "$file"
    } > "$OUT_DIR/$name"
done

echo "Generated $(ls "$OUT_DIR" | wc -l) files in $OUT_DIR (grammar SHA-256 $hash)"
