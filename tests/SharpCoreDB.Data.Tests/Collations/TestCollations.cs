// The comparisons the application-collation tests register, the same on SQLite's
// connection (Microsoft.Data.Sqlite's CreateCollation) and on SharpCoreDB's, chosen
// to disagree with every built-in collation: LENFIRST orders by length, then
// ignoring case (so 'abc' and 'ABC' are equal and 'zz' sorts before 'aaa'); REVERSED
// orders by the text read backwards, case and all.
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Data.Tests.Collations;

internal static class TestCollations
{
    public static int LengthFirst(string left, string right)
    {
        int c = left.Length.CompareTo(right.Length);
        return c != 0 ? c : string.Compare(left, right, StringComparison.OrdinalIgnoreCase);
    }

    public static int Reversed(string left, string right)
    {
        for (int i = 1; i <= Math.Min(left.Length, right.Length); i++)
        {
            int c = left[^i].CompareTo(right[^i]);
            if (c != 0)
            {
                return c;
            }
        }

        return left.Length.CompareTo(right.Length);
    }

    /// <summary>Registers LENFIRST and REVERSED on a SharpCoreDB connection.</summary>
    public static void Register(SharpCoreDBConnection connection)
    {
        connection.CreateCollation("lenfirst", LengthFirst);
        connection.CreateCollation("reversed", Reversed);
    }

    /// <summary>Registers LENFIRST and REVERSED on a SQLite connection.</summary>
    public static void Register(SqliteConnection connection)
    {
        connection.CreateCollation("lenfirst", LengthFirst);
        connection.CreateCollation("reversed", Reversed);
    }
}
