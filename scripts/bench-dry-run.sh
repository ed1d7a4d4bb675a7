#!/usr/bin/env bash
# Runs every comparison suite of bench/SharpCoreDB.Benchmarks once in BenchmarkDotNet's
# dry mode (one invocation per case, in process) so that the suites never rot: any case
# that throws, fails validation or does not run makes the benchmark program exit 1, and
# so this script. SCDB_BENCH_DRY=1 shrinks the parameter lists (1k-row tables, 10-row
# inserts, 2 threads); see bench/SharpCoreDB.Benchmarks/Suites/Reporting/BenchScale.cs.
# Then it runs the by-hand probes (--interleaved-batch, --wal-placement-probe, --file-size,
# --large-transaction, --big-data) briefly.
# Usage: scripts/bench-dry-run.sh [--no-build]   (about 1-2 minutes after the build)
set -euo pipefail
cd "$(dirname "$0")/.."

build=()
if [ "${1:-}" = "--no-build" ]; then
    build=(--no-build)
fi

artifacts=$(mktemp -d)
trap 'rm -rf "$artifacts"' EXIT

SCDB_BENCH_DRY=1 dotnet run -c Release "${build[@]}" --project bench/SharpCoreDB.Benchmarks -- \
    --filter 'SharpCoreDB.Benchmarks.Suites.InsertBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.ConcurrentInsertBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.ReadQueryBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.ColdStartBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.PayloadBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.MixedWorkloadBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.CommitGuaranteeBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.JsonQueryBenchmarks*' \
             'SharpCoreDB.Benchmarks.Suites.EfCoreBenchmarks*' \
    --job Dry --inProcess --join --artifacts "$artifacts"

# The by-hand probes, briefly, so that they never rot either.
dotnet run -c Release --no-build --project bench/SharpCoreDB.Benchmarks -- --interleaved-batch 4
dotnet run -c Release --no-build --project bench/SharpCoreDB.Benchmarks -- --wal-placement-probe
dotnet run -c Release --no-build --project bench/SharpCoreDB.Benchmarks -- --file-size 20000
dotnet run -c Release --no-build --project bench/SharpCoreDB.Benchmarks -- --large-transaction 8 2
dotnet run -c Release --no-build --project bench/SharpCoreDB.Benchmarks -- --big-data 20000 2 100
