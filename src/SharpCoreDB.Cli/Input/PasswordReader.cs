// Reads a password at the terminal without echoing it (a '*' per character), for
// .password without an argument. Redirected input has no terminal to hide from,
// so there the password must be given as an argument.
using System.Text;

namespace SharpCoreDB.Cli.Input;

/// <summary>Reads a hidden password from the terminal.</summary>
internal static class PasswordReader
{
    /// <summary>The password typed, or null when input is redirected or the user pressed Ctrl-C.</summary>
    public static string? Read(string prompt)
    {
        if (Console.IsInputRedirected)
        {
            return null;
        }

        Console.Write(prompt);
        var password = new StringBuilder();
        bool treatControlC = Console.TreatControlCAsInput;
        Console.TreatControlCAsInput = true;
        try
        {
            while (true)
            {
                ConsoleKeyInfo key = Console.ReadKey(intercept: true);
                if (key.Key == ConsoleKey.Enter)
                {
                    Console.WriteLine();
                    return password.ToString();
                }

                if (key.Key == ConsoleKey.C && (key.Modifiers & ConsoleModifiers.Control) != 0)
                {
                    Console.WriteLine("^C");
                    return null;
                }

                if (key.Key == ConsoleKey.Backspace && password.Length > 0)
                {
                    password.Length--;
                    Console.Write("\b \b");
                }
                else if (key.KeyChar >= ' ')
                {
                    password.Append(key.KeyChar);
                    Console.Write('*');
                }
            }
        }
        finally
        {
            Console.TreatControlCAsInput = treatControlC;
        }
    }
}
