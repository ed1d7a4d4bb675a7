// The CLR type a scaffolded column gets, and its DEFAULT as a CLR value. The declared type
// decides (the type mapping source reads it by the engine's affinity rules: BOOLEAN bool,
// DATETIME DateTime, DATE DateOnly, TIME TimeOnly, TIMESPAN TimeSpan, DECIMAL decimal,
// REAL double, TEXT string, BLOB byte[]), except for integers, whose declared name says
// little: SMALLINT is short, TINYINT byte, BIGINT long, and any other integer type (INTEGER,
// INT) int, unless a value in the column needs long, as the SQLite provider scaffolds them.
// A view's column without a declared type takes the type of its values (typeof).
// Guid and DateTimeOffset columns are TEXT, so they scaffold as string.
using System.Data.Common;
using System.Globalization;
using System.Text;
using Microsoft.EntityFrameworkCore.Scaffolding.Metadata;

namespace SharpCoreDB.EntityFrameworkCore.Scaffolding;

internal static class ScaffoldingTypes
{
    /// <summary>The annotation EF Core's scaffolder reads as the CLR type to use for a column.</summary>
    private const string ClrTypeAnnotation = "ClrType";

    private static readonly HashSet<string> ShortNames = new(StringComparer.OrdinalIgnoreCase) { "SMALLINT", "INT16", "INTEGER16", "SHORT" };
    private static readonly HashSet<string> ByteNames = new(StringComparer.OrdinalIgnoreCase) { "TINYINT", "BYTE", "UINT8" };
    private static readonly HashSet<string> LongNames = new(StringComparer.OrdinalIgnoreCase) { "BIGINT", "INT64", "INTEGER64", "LONG", "INT8" };

    public static void Infer(DbConnection connection, DatabaseTable table)
    {
        if (table is DatabaseView)
        {
            TypeUntypedColumns(connection, table);
        }

        var integers = new List<DatabaseColumn>();
        foreach (DatabaseColumn column in table.Columns)
        {
            string name = BaseName(column.StoreType!);
            if (ShortNames.Contains(name))
            {
                column[ClrTypeAnnotation] = typeof(short);
            }
            else if (ByteNames.Contains(name))
            {
                column[ClrTypeAnnotation] = typeof(byte);
            }
            else if (!LongNames.Contains(name) && name.Contains("INT", StringComparison.OrdinalIgnoreCase))
            {
                integers.Add(column);
            }
        }

        foreach ((DatabaseColumn column, bool fitsInt) in FitInt(connection, table, integers))
        {
            if (fitsInt)
            {
                column[ClrTypeAnnotation] = typeof(int);
            }
        }

        foreach (DatabaseColumn column in table.Columns)
        {
            column.DefaultValue = column.DefaultValueSql is { } sql ? DefaultValue(sql, (Type?)column[ClrTypeAnnotation] ?? ClrTypeOf(column.StoreType!)) : null;
        }
    }

    // Whether each column's values (if any) lie within int's range: one scan of the table for all of them.
    private static List<(DatabaseColumn Column, bool FitsInt)> FitInt(DbConnection connection, DatabaseTable table, List<DatabaseColumn> columns)
    {
        if (columns.Count == 0)
        {
            return [];
        }

        var sql = new StringBuilder("SELECT ");
        sql.AppendJoin(", ", columns.Select(c => $"min({SharpCoreDBDatabaseModelFactory.Delimit(c.Name)}), max({SharpCoreDBDatabaseModelFactory.Delimit(c.Name)})"));
        sql.Append(" FROM ").Append(SharpCoreDBDatabaseModelFactory.Delimit(table.Name));
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql.ToString();
        using DbDataReader reader = command.ExecuteReader();
        reader.Read();
        var result = new List<(DatabaseColumn, bool)>();
        for (int i = 0; i < columns.Count; i++)
        {
            result.Add((columns[i], InInt(reader.GetValue(2 * i)) && InInt(reader.GetValue((2 * i) + 1))));
        }

        return result;
    }

    private static bool InInt(object value) => value switch
    {
        DBNull => true,
        long l => l is >= int.MinValue and <= int.MaxValue,
        int => true,
        _ => false, // Not an integer at all (the column's affinity let another value in): keep the wider type.
    };

    // A view column with no declared type: the type of its largest value, TEXT when it has none.
    private static void TypeUntypedColumns(DbConnection connection, DatabaseTable view)
    {
        List<DatabaseColumn> untyped = [.. view.Columns.Where(c => string.IsNullOrWhiteSpace(c.StoreType))];
        if (untyped.Count == 0)
        {
            return;
        }

        using DbCommand command = connection.CreateCommand();
        command.CommandText = $"SELECT {string.Join(", ", untyped.Select(c => $"typeof(max({SharpCoreDBDatabaseModelFactory.Delimit(c.Name)}))"))} "
            + $"FROM {SharpCoreDBDatabaseModelFactory.Delimit(view.Name)}";
        using DbDataReader reader = command.ExecuteReader();
        reader.Read();
        for (int i = 0; i < untyped.Count; i++)
        {
            untyped[i].StoreType = reader.GetString(i).ToUpperInvariant() switch
            {
                "NULL" => "TEXT",
                string type => type,
            };
        }
    }

    // The DEFAULT's value when it is a constant of the column's type; null leaves it as SQL (CURRENT_TIMESTAMP, an expression).
    private static object? DefaultValue(string sql, Type? type)
    {
        string text = sql.Trim();
        while (text.StartsWith('(') && text.EndsWith(')'))
        {
            text = text[1..^1].Trim();
        }

        bool quoted = text.Length >= 2 && text.StartsWith('\'') && text.EndsWith('\'');
        string value = quoted ? text[1..^1].Replace("''", "'", StringComparison.Ordinal) : text;
        CultureInfo invariant = CultureInfo.InvariantCulture;
        return type switch
        {
            _ when type == typeof(string) => quoted ? value : null,
            _ when type == typeof(bool) => value.ToUpperInvariant() switch { "1" or "TRUE" => true, "0" or "FALSE" => false, _ => null },
            _ when quoted != (type == typeof(DateTime) || type == typeof(DateOnly) || type == typeof(TimeOnly)) => null,
            _ when type == typeof(int) => int.TryParse(value, NumberStyles.Integer, invariant, out int i) ? i : null,
            _ when type == typeof(long) => long.TryParse(value, NumberStyles.Integer, invariant, out long l) ? l : null,
            _ when type == typeof(short) => short.TryParse(value, NumberStyles.Integer, invariant, out short s) ? s : null,
            _ when type == typeof(byte) => byte.TryParse(value, NumberStyles.Integer, invariant, out byte b) ? b : null,
            _ when type == typeof(double) => double.TryParse(value, NumberStyles.Float, invariant, out double d) ? d : null,
            _ when type == typeof(decimal) => decimal.TryParse(value, NumberStyles.Number, invariant, out decimal m) ? m : null,
            _ when type == typeof(DateTime) => DateTime.TryParse(value, invariant, DateTimeStyles.None, out DateTime t) ? t : null,
            _ when type == typeof(DateOnly) => DateOnly.TryParse(value, invariant, out DateOnly d) ? d : null,
            _ when type == typeof(TimeOnly) => TimeOnly.TryParse(value, invariant, out TimeOnly t) ? t : null,
            _ => null,
        };
    }

    // What the type mapping source makes of a declared type with no CLR type given.
    private static Type ClrTypeOf(string storeType) => Storage.SharpCoreDBTypeMappingSource.ByAffinity(BaseName(storeType)).ClrType;

    private static string BaseName(string storeType) => (storeType.IndexOf('(', StringComparison.Ordinal) is var open and >= 0 ? storeType[..open] : storeType).Trim();
}
