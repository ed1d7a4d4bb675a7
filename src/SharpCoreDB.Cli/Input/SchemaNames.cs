// The names Tab completes besides keywords: every table's and view's name and
// every column's, read through the provider's GetSchema collections (Tables,
// Columns) at the moment of the Tab. Without an open database there are none, and
// a schema that cannot be read (a failure in the engine) completes keywords only
// rather than ending the prompt.
using System.Data;
using System.Data.Common;
using SharpCoreDB.Cli.Execution;

namespace SharpCoreDB.Cli.Input;

/// <summary>Table and column names for completion.</summary>
internal static class SchemaNames
{
    public static IEnumerable<string> Read(ShellSession session)
    {
        if (session.Connection is not { } connection)
        {
            return [];
        }

        var names = new HashSet<string>(StringComparer.Ordinal);
        try
        {
            foreach (DataRow row in connection.GetSchema("Tables").Rows)
            {
                names.Add((string)row["TABLE_NAME"]);
            }

            foreach (DataRow row in connection.GetSchema("Columns").Rows)
            {
                names.Add((string)row["COLUMN_NAME"]);
            }
        }
        catch (DbException)
        {
            // Completion is a convenience: keywords still complete.
        }

        return names;
    }
}
