// Splits a dot command line into words: blanks separate, 'single' or "double"
// quotes keep blanks inside a word (a doubled quote is a literal quote). The
// first word is the command itself, e.g. ".import". Commands whose last argument
// is SQL (.export) take the rest of the line as typed instead (Rest), so quotes in
// that SQL stay quotes.
using System.Text;

namespace SharpCoreDB.Cli.Commands;

/// <summary>Tokenizes dot command lines.</summary>
internal static class DotCommandLine
{
    public static List<string> Split(string line) => Split(line, out _);

    /// <summary>
    /// The line's text after its first <paramref name="wordCount"/> words, exactly as typed (quotes kept),
    /// trimmed; empty when the line has no more.
    /// </summary>
    public static string Rest(string line, int wordCount)
    {
        Split(line, out List<int> ends);
        return wordCount >= ends.Count ? "" : wordCount == 0 ? line.Trim() : line[ends[wordCount - 1]..].Trim();
    }

    private static List<string> Split(string line, out List<int> ends)
    {
        ends = [];
        var words = new List<string>();
        var word = new StringBuilder();
        bool inWord = false;
        char quote = '\0';
        for (int i = 0; i < line.Length; i++)
        {
            char c = line[i];
            if (quote != '\0')
            {
                if (c == quote && i + 1 < line.Length && line[i + 1] == quote)
                {
                    word.Append(c);
                    i++;
                }
                else if (c == quote)
                {
                    quote = '\0';
                }
                else
                {
                    word.Append(c);
                }
            }
            else if (c is '\'' or '"')
            {
                quote = c;
                inWord = true;
            }
            else if (char.IsWhiteSpace(c))
            {
                if (inWord)
                {
                    words.Add(word.ToString());
                    ends.Add(i);
                    word.Clear();
                    inWord = false;
                }
            }
            else
            {
                word.Append(c);
                inWord = true;
            }
        }

        if (inWord)
        {
            words.Add(word.ToString());
            ends.Add(line.Length);
        }

        return words;
    }
}
