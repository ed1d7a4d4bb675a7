// The prompt's editing logic key by key, without a terminal: the kill keys
// (Ctrl-U, Ctrl-W, Ctrl-K), Ctrl-A/Ctrl-E, history, Ctrl-R reverse search, and
// Tab completion of keywords, table and column names and dot commands.
using SharpCoreDB.Cli.Input;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class LineEditorTests
{
    private static readonly string[] Names = ["orders", "order_lines", "customer_id", "Clients"];

    [Fact]
    public void ControlKeysMoveAndKill()
    {
        LineEditState state = Editor();
        Type(state, "SELECT a, b FROM t");
        Press(state, ConsoleKey.W, control: true);
        Assert.Equal("SELECT a, b FROM ", state.Text);

        Press(state, ConsoleKey.A, control: true);
        Assert.Equal(0, state.Cursor);
        Press(state, ConsoleKey.RightArrow);
        Press(state, ConsoleKey.RightArrow);
        Press(state, ConsoleKey.K, control: true);
        Assert.Equal("SE", state.Text);

        Type(state, "LECT 1 ");
        Press(state, ConsoleKey.LeftArrow);
        Press(state, ConsoleKey.U, control: true);
        Assert.Equal(" ", state.Text);
        Assert.Equal(0, state.Cursor);
        Press(state, ConsoleKey.E, control: true);
        Assert.Equal(1, state.Cursor);
        Assert.Equal(KeyOutcome.Submit, Press(state, ConsoleKey.Enter));
    }

    [Fact]
    public void CtrlDEndsInputOnlyOnAnEmptyLineAndCtrlCInterrupts()
    {
        LineEditState state = Editor();
        Assert.Equal(KeyOutcome.EndOfInput, Press(state, ConsoleKey.D, control: true));
        Type(state, "x");
        Assert.Equal(KeyOutcome.Edited, Press(state, ConsoleKey.D, control: true));
        Assert.Equal(KeyOutcome.Interrupt, Press(state, ConsoleKey.C, control: true));
    }

    [Fact]
    public void CtrlRSearchesTheHistoryBackwards()
    {
        LineEditState state = Editor("SELECT * FROM orders;", ".tables", "SELECT count(*) FROM orders;", "DELETE FROM t;");
        Press(state, ConsoleKey.R, control: true);
        Type(state, "ord");
        Assert.Equal("SELECT count(*) FROM orders;", state.SearchResult);

        Press(state, ConsoleKey.R, control: true);
        Assert.Equal("SELECT * FROM orders;", state.SearchResult);

        Type(state, "zz");
        Assert.False(state.SearchFound);
        Press(state, ConsoleKey.Backspace);
        Press(state, ConsoleKey.Backspace);
        Assert.True(state.SearchFound);
        Assert.Equal("SELECT count(*) FROM orders;", state.SearchResult);

        // Esc keeps the match for editing; Enter would run it.
        Press(state, ConsoleKey.Escape);
        Assert.Null(state.SearchQuery);
        Assert.Equal("SELECT count(*) FROM orders;", state.Text);

        LineEditState other = Editor("SELECT 1;", "SELECT 2;");
        Type(other, "draft");
        Press(other, ConsoleKey.R, control: true);
        Type(other, "1");
        Assert.Equal(KeyOutcome.Submit, Press(other, ConsoleKey.Enter));
        Assert.Equal("SELECT 1;", other.Text);

        LineEditState cancelled = Editor("SELECT 1;");
        Type(cancelled, "draft");
        Press(cancelled, ConsoleKey.R, control: true);
        Type(cancelled, "SEL");
        Press(cancelled, ConsoleKey.G, control: true);
        Assert.Equal("draft", cancelled.Text);
    }

    [Fact]
    public void TabCompletesKeywordsNamesAndDotCommands()
    {
        Assert.Equal("select", TabAfter("sel"));
        Assert.Equal("SELECT * FROM", TabAfter("SELECT * FR"));
        Assert.Equal("SELECT * FROM Clients", TabAfter("SELECT * FROM cli"));
        Assert.Equal("SELECT customer_id", TabAfter("SELECT customer_"));
        Assert.Equal(".schema", TabAfter(".sch"));
        Assert.Equal("x     ", TabAfter("x "));

        // Several candidates: the common prefix first, then the list.
        LineEditState state = Editor();
        Type(state, "SELECT * FROM orde");
        Assert.Equal(KeyOutcome.Edited, Press(state, ConsoleKey.Tab));
        Assert.Equal("SELECT * FROM order", state.Text);
        Assert.Equal(KeyOutcome.ShowCompletions, Press(state, ConsoleKey.Tab));
        Assert.Equal(["order", "order_lines", "orders"], state.Completions);

        // In the middle of a line, only the word before the cursor changes.
        LineEditState middle = Editor();
        Type(middle, "sel * FROM t");
        for (int i = 0; i < "* FROM t".Length + 1; i++)
        {
            Press(middle, ConsoleKey.LeftArrow);
        }

        Press(middle, ConsoleKey.Tab);
        Assert.Equal("select * FROM t", middle.Text);
        Assert.Equal("select".Length, middle.Cursor);
    }

    private static string TabAfter(string typed)
    {
        LineEditState state = Editor();
        Type(state, typed);
        Press(state, ConsoleKey.Tab);
        return state.Text;
    }

    private static LineEditState Editor(params string[] history)
    {
        var lines = new LineHistory(null);
        foreach (string line in history)
        {
            lines.Add(line);
        }

        return new LineEditState(lines, new TabCompleter(() => Names));
    }

    private static void Type(LineEditState state, string text)
    {
        foreach (char c in text)
        {
            state.Handle(new ConsoleKeyInfo(c, ConsoleKey.NoName, shift: false, alt: false, control: false));
        }
    }

    private static KeyOutcome Press(LineEditState state, ConsoleKey key, bool control = false) =>
        state.Handle(new ConsoleKeyInfo(key == ConsoleKey.Tab ? '\t' : '\0', key, shift: false, alt: false, control));
}
