// Where the shell's input lines come from: a file or redirected standard input
// (plain reads), or the terminal (a line editor with history).
namespace SharpCoreDB.Cli.Input;

/// <summary>A source of input lines.</summary>
internal interface ILineSource
{
    /// <summary>A name for error messages ("stdin", a file name); null at the prompt.</summary>
    string? Name { get; }

    /// <summary>Reads the next line, showing <paramref name="prompt"/> when interactive; null at end of input.</summary>
    string? ReadLine(string prompt);
}
