// A log provider that keeps every line the server logs, at every level it lets
// through, so tests can read what would reach a terminal or a log file: that the
// server does log, and that no password or token is ever among it.
using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace SharpCoreDB.Studio.Tests;

public sealed class LogCapture : ILoggerProvider
{
    private readonly ConcurrentQueue<string> _lines = new();

    /// <summary>Everything logged so far, one entry per event: category, level, message and any exception.</summary>
    public IReadOnlyList<string> Lines => [.. _lines];

    public string Text => string.Join("\n", _lines);

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Logger(LogCapture owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            // The raw state too (its values), not only the formatted text, so nothing logged escapes the check.
            string values = state is IEnumerable<KeyValuePair<string, object?>> pairs ? string.Join("; ", pairs.Select(p => $"{p.Key}={p.Value}")) : "";
            owner._lines.Enqueue($"{category} [{logLevel}] {formatter(state, exception)} {{{values}}} {exception}");
        }
    }
}
