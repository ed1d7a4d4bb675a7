// Dot commands that read or write files: .read runs a script, .output sends
// results to a file, .export writes a table or query as CSV or JSON, .import
// loads a CSV file (see CsvImporter).
using System.Text;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Import;
using SharpCoreDB.Cli.Input;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Commands;

/// <summary>File commands.</summary>
internal static class FileCommands
{
    public static bool Read(CommandContext context)
    {
        string path = context.Required(0, ".read FILE");
        if (!File.Exists(path))
        {
            throw new ShellException($"cannot read {path}: no such file");
        }

        using var reader = new StreamReader(path);
        return context.Runner.Run(new TextLineSource(reader, path));
    }

    public static bool Output(CommandContext context)
    {
        context.Session.RedirectOutput(context.Argument(0));
        return true;
    }

    public static bool Export(CommandContext context)
    {
        const string usage = ".export FILE TABLE|SELECT...";
        string path = context.Required(0, usage);
        // The SQL is the rest of the line as typed: rejoining the split words would drop its quotes.
        string source = context.Rest(1);
        if (source.Length == 0)
        {
            throw new ShellException("usage: " + usage);
        }

        string first = source.Split((char[]?)null, 2, StringSplitOptions.RemoveEmptyEntries)[0].ToUpperInvariant();
        bool query = first is "SELECT" or "WITH" or "VALUES";
        if (!query && context.ArgumentCount != 2)
        {
            throw new ShellException("usage: " + usage + " (quote a table name that has blanks)");
        }

        string sql = query ? source.TrimEnd().TrimEnd(';') : "SELECT * FROM " + CsvImporter.Quote(context.Words[2]);
        OutputMode mode = path.EndsWith(".json", StringComparison.OrdinalIgnoreCase) ? OutputMode.Json : OutputMode.Csv;
        // Its own file and format: an .output or .once in force stays as it was.
        using var file = new StreamWriter(path, append: false, new UTF8Encoding(false));
        SqlRunner.Run(context.Session, sql, file, new FormatOptions { Mode = mode, Headers = true }, StatementExtras.ResultsOnly);
        return true;
    }

    public static bool Import(CommandContext context)
    {
        const string usage = ".import FILE TABLE";
        string path = context.Required(0, usage);
        string table = context.Required(1, usage);
        if (!File.Exists(path))
        {
            throw new ShellException($"cannot import {path}: no such file");
        }

        SharpCoreDBConnection connection = context.Session.RequireConnection();
        TextWriter? progress = Console.IsErrorRedirected ? null : context.Session.Errors;
        long rows = CsvImporter.Import(connection, path, table, progress, context.Session.SetRunning);
        if (context.Session.Interactive)
        {
            context.Session.Out.WriteLine($"Imported {rows} rows into {table}.");
            context.Session.Out.Flush();
        }

        return true;
    }
}
