#!/usr/bin/env bash
# The packages as a user meets them (docs/packaging.md), run by .ci/run:
#   1. `dotnet pack -c Release` (the README's command) into a temporary folder;
#   2. a new `dotnet new console` app outside the repository, `dotnet add package
#      SharpCoreDB` from that folder, runs README.md's "Use it in your app" program as
#      written (copied out of the README, so the snippet cannot rot), twice;
#   3. another new app adds SharpCoreDB and Dapper and runs tests/PackageRoundTrip
#      (encrypted file, Dapper parameters, read back after reopening, wrong password
#      refused, the engine loaded from the package's ReadyToRun image);
#   4. another new app adds SharpCoreDB.EntityFrameworkCore and runs the EF Core sample's
#      scripted session (samples/SharpCoreDB.Samples.Library: encrypted file, SaveChanges,
#      LINQ, reopen, wrong password refused);
#   5. `dotnet tool install --tool-path` of SharpCoreDB.Cli from the same folder, and a
#      one-shot query with it against the README program's encrypted file;
#   6. `sharpcoredb studio` from the installed tool on that file: the printed address
#      (with its token) serves the page to curl, a request without the token is refused,
#      the password posted unlocks the file, and a query through the API counts its rows.
# A private NuGet cache keeps an earlier package of the same version out of the way.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
studio_pid=""
trap '[ -n "$studio_pid" ] && kill "$studio_pid" 2>/dev/null; rm -rf "$work"' EXIT
export NUGET_PACKAGES="$work/nuget-cache"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

echo "== pack (dotnet pack -c Release)"
dotnet pack SharpCoreDB.sln -c Release -o "$work/feed"
ls "$work/feed"
version=$(sed -nE 's/^SharpCoreDB\.([0-9][^a-z]*[0-9])\.nupkg$/\1/p' < <(ls "$work/feed") | head -1)
echo "version $version"

# The machine's own package sources stay (Antlr4.Runtime.Standard, Dapper come from there).
cat > "$work/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="sharpcoredb-local" value="$work/feed" />
  </packageSources>
</configuration>
XML

new_app() {
    local dir="$work/$1"
    (cd "$work" && dotnet new console --framework net10.0 -o "$1" > /dev/null)
    (cd "$dir" && dotnet add package SharpCoreDB --version "$version" > /dev/null)
}

echo "== README program, as written"
new_app readme-app
awk '/^## Use it in your app/ {section=1} section && /^```csharp/ {code=1; next} code && /^```/ {exit} code {print}' \
    "$repo/README.md" > "$work/readme-app/Program.cs"
test -s "$work/readme-app/Program.cs"
(cd "$work/readme-app" && dotnet run -c Release) | tee "$work/readme-1.txt"
(cd "$work/readme-app" && dotnet run -c Release --no-build) | tee "$work/readme-2.txt"
grep -qx "Neuromancer (1984)" "$work/readme-1.txt"
test "$(grep -c "Neuromancer (1984)" "$work/readme-2.txt")" -eq 2

echo "== encrypted file, Dapper, reopen (tests/PackageRoundTrip)"
new_app roundtrip-app
(cd "$work/roundtrip-app" && dotnet add package Dapper > /dev/null)
cp "$repo/tests/PackageRoundTrip/Program.cs" "$work/roundtrip-app/Program.cs"
mkdir "$work/data"
(cd "$work/roundtrip-app" && dotnet run -c Release -- "$work/data")

echo "== Entity Framework Core (samples/SharpCoreDB.Samples.Library)"
(cd "$work" && dotnet new console --framework net10.0 -o ef-app > /dev/null)
(cd "$work/ef-app" && dotnet add package SharpCoreDB.EntityFrameworkCore --version "$version" > /dev/null)
cp "$repo"/samples/SharpCoreDB.Samples.Library/*.cs "$work/ef-app/"
(cd "$work/ef-app" && dotnet run -c Release -- --demo)

echo "== the sharpcoredb tool"
(cd "$work" && dotnet tool install SharpCoreDB.Cli --version "$version" --tool-path "$work/tools")
out=$("$work/tools/sharpcoredb" --password "change me" -csv -noheader "$work/readme-app/books.scdb" "SELECT count(*) FROM books" | tr -d '\r')
echo "sharpcoredb: $out"
test "$out" = "4"
if "$work/tools/sharpcoredb" --password "wrong" "$work/readme-app/books.scdb" "SELECT 1" 2> "$work/wrong.txt"; then
    echo "the tool opened an encrypted file with the wrong password"
    exit 1
fi
cat "$work/wrong.txt"

echo "== sharpcoredb studio from the installed tool"
"$work/tools/sharpcoredb" studio "$work/readme-app/books.scdb" --port 0 > "$work/studio.out" 2> "$work/studio.err" &
studio_pid=$!
url=""
for _ in $(seq 1 150); do
    url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}' "$work/studio.out" || true)
    [ -n "$url" ] && break
    sleep 0.2
done
cat "$work/studio.out"
if [ -z "$url" ]; then
    echo "sharpcoredb studio printed no address"
    cat "$work/studio.err"
    exit 1
fi
base=${url%%\?*}
status=$(curl -s -o /dev/null -w '%{http_code}' "${base}api/info")
echo "without the token: $status"
test "$status" = "401"
# The printed address sets the token as a cookie and redirects to the page.
page=$(curl -s -L -c "$work/cookies" -b "$work/cookies" "$url")
grep -q '<title>SharpCoreDB Studio</title>' <<< "$page"
grep -q '"open":false' <<< "$(curl -s -b "$work/cookies" "${base}api/info")"
grep -q '"open":true' <<< "$(curl -s -b "$work/cookies" -H 'Content-Type: application/json' -d '{"password":"change me"}' "${base}api/unlock")"
answer=$(curl -s -b "$work/cookies" -H 'Content-Type: application/json' -d '{"sql":"SELECT count(*) FROM books"}' "${base}api/query")
echo "studio: $answer"
grep -q '"v":\["4"\]' <<< "$answer"
kill -TERM "$studio_pid"
wait "$studio_pid"
studio_pid=""
grep -q "Studio stopped." "$work/studio.out"
echo "package round trip: ok"
