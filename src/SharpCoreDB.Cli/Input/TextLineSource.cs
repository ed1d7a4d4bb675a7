// Lines from a script: a .read file, redirected standard input, or the SQL
// arguments. No prompt is shown, unless the shell was asked to be interactive on
// redirected input (--interactive), in which case the prompt is echoed as is.
namespace SharpCoreDB.Cli.Input;

/// <summary>Reads lines from a TextReader.</summary>
internal sealed class TextLineSource(TextReader reader, string? name, TextWriter? promptOutput = null) : ILineSource
{
    public string? Name => name;

    public string? ReadLine(string prompt)
    {
        if (promptOutput is not null)
        {
            promptOutput.Write(prompt);
            promptOutput.Flush();
        }

        return reader.ReadLine();
    }
}
