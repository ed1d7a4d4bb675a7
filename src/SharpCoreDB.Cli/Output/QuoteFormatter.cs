// sqlite3's quote and insert modes: every value as an SQL literal (SqlLiteral),
// separated by commas. Quote mode prints the column names as quoted strings when
// headers are on; insert mode prints each row as INSERT INTO "TABLE" VALUES(...);
// so that the output is a script that loads the rows into TABLE.
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>SQL literal output: quote mode, or insert mode when a table is given.</summary>
internal sealed class QuoteFormatter(TextWriter output, bool headers, string? insertTable) : IResultFormatter
{
    private readonly StringBuilder _line = new();

    public void Begin(IReadOnlyList<string> columns)
    {
        if (headers && insertTable is null)
        {
            _line.Clear();
            for (int i = 0; i < columns.Count; i++)
            {
                _line.Append(i == 0 ? "" : ",").Append(SqlLiteral.Text(columns[i]));
            }

            output.WriteLine(_line.ToString());
        }
    }

    public void Row(object?[] values)
    {
        _line.Clear();
        if (insertTable is not null)
        {
            _line.Append("INSERT INTO ").Append(SqlLiteral.Identifier(insertTable)).Append(" VALUES(");
        }

        for (int i = 0; i < values.Length; i++)
        {
            _line.Append(i == 0 ? "" : ",").Append(SqlLiteral.Format(values[i]));
        }

        output.WriteLine(insertTable is null ? _line.ToString() : _line.Append(");").ToString());
    }

    public void End(long rowCount)
    {
    }
}
