// GROUP_CONCAT(x [, separator]): the non-NULL inputs' text joined by the
// separator (',' by default; a NULL separator joins with nothing), NULL when
// there are none. The separator before each value is the one given on that row,
// as in SQLite.
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>GROUP_CONCAT.</summary>
internal sealed class GroupConcatAggregate : IAggregate
{
    private readonly StringBuilder _text = new();
    private bool _any;

    public void Step(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.IsNull)
        {
            return;
        }

        if (_any)
        {
            if (args.Length < 2)
            {
                _text.Append(',');
            }
            else if (!args[1].IsNull)
            {
                _text.Append(SqlTextConversion.ToText(args[1]));
            }
        }

        _text.Append(SqlTextConversion.ToText(x));
        _any = true;
    }

    public DbValue Finish() => _any ? DbValue.FromText(_text.ToString()) : DbValue.Null;

    public void Reset()
    {
        _text.Clear();
        _any = false;
    }
}
