// Generates a data adapter's INSERT, UPDATE and DELETE commands from its SELECT over
// one table, so that `adapter.Update(table)` writes a bound grid's edits back. The
// SELECT's schema table (base table, base column, key, unique, autoincrement,
// read-only) says which columns are written and which find the row; DbCommandBuilder
// does the generation, with optimistic concurrency: UPDATE and DELETE match every
// original value (`x = @p` or both NULL), so a row changed by someone else since Fill
// affects 0 rows and Update throws DBConcurrencyException instead of overwriting it.
// Identifiers are quoted with double quotes (SQLite's). Parameters bind by their
// value's type (docs/adonet.md), so no DbType is set from the schema.
using System.Data;
using System.Data.Common;
using System.Globalization;

namespace SharpCoreDB.Data;

/// <summary>Builds INSERT, UPDATE and DELETE commands for a <see cref="SharpCoreDBDataAdapter"/> from its SELECT.</summary>
public sealed class SharpCoreDBCommandBuilder : DbCommandBuilder
{
    /// <summary>A builder not yet attached to an adapter.</summary>
    public SharpCoreDBCommandBuilder()
    {
        QuotePrefix = "\"";
        QuoteSuffix = "\"";
    }

    /// <summary>A builder generating the commands of <paramref name="adapter"/>.</summary>
    public SharpCoreDBCommandBuilder(SharpCoreDBDataAdapter adapter)
        : this() => DataAdapter = adapter;

    /// <summary>The adapter whose commands this builder generates.</summary>
    public new SharpCoreDBDataAdapter? DataAdapter
    {
        get => (SharpCoreDBDataAdapter?)base.DataAdapter;
        set => base.DataAdapter = value;
    }

    /// <summary>The generated INSERT.</summary>
    public new SharpCoreDBCommand GetInsertCommand() => (SharpCoreDBCommand)base.GetInsertCommand();

    /// <summary>The generated INSERT, its parameters named after the columns when <paramref name="useColumnsForParameterNames"/>.</summary>
    public new SharpCoreDBCommand GetInsertCommand(bool useColumnsForParameterNames) => (SharpCoreDBCommand)base.GetInsertCommand(useColumnsForParameterNames);

    /// <summary>The generated UPDATE.</summary>
    public new SharpCoreDBCommand GetUpdateCommand() => (SharpCoreDBCommand)base.GetUpdateCommand();

    /// <summary>The generated UPDATE, its parameters named after the columns when <paramref name="useColumnsForParameterNames"/>.</summary>
    public new SharpCoreDBCommand GetUpdateCommand(bool useColumnsForParameterNames) => (SharpCoreDBCommand)base.GetUpdateCommand(useColumnsForParameterNames);

    /// <summary>The generated DELETE.</summary>
    public new SharpCoreDBCommand GetDeleteCommand() => (SharpCoreDBCommand)base.GetDeleteCommand();

    /// <summary>The generated DELETE, its parameters named after the columns when <paramref name="useColumnsForParameterNames"/>.</summary>
    public new SharpCoreDBCommand GetDeleteCommand(bool useColumnsForParameterNames) => (SharpCoreDBCommand)base.GetDeleteCommand(useColumnsForParameterNames);

    /// <summary>Quotes an identifier: <c>a"b</c> becomes <c>"a""b"</c>.</summary>
    public override string QuoteIdentifier(string unquotedIdentifier)
    {
        ArgumentNullException.ThrowIfNull(unquotedIdentifier);
        return QuotePrefix + unquotedIdentifier.Replace(QuoteSuffix, QuoteSuffix + QuoteSuffix, StringComparison.Ordinal) + QuoteSuffix;
    }

    /// <summary>Undoes <see cref="QuoteIdentifier"/>; an identifier without quotes comes back as it is.</summary>
    public override string UnquoteIdentifier(string quotedIdentifier)
    {
        ArgumentNullException.ThrowIfNull(quotedIdentifier);
        if (quotedIdentifier.Length >= 2 && quotedIdentifier.StartsWith(QuotePrefix, StringComparison.Ordinal)
            && quotedIdentifier.EndsWith(QuoteSuffix, StringComparison.Ordinal))
        {
            return quotedIdentifier[QuotePrefix.Length..^QuoteSuffix.Length].Replace(QuoteSuffix + QuoteSuffix, QuoteSuffix, StringComparison.Ordinal);
        }

        return quotedIdentifier;
    }

    /// <inheritdoc />
    protected override void ApplyParameterInfo(DbParameter parameter, DataRow row, StatementType statementType, bool whereClause)
    {
        // Nothing to add: a value binds by its own .NET type, which is how the DataTable holds it.
    }

    /// <inheritdoc />
    protected override string GetParameterName(int parameterOrdinal) => "@p" + parameterOrdinal.ToString(CultureInfo.InvariantCulture);

    /// <inheritdoc />
    protected override string GetParameterName(string parameterName) => "@" + parameterName;

    /// <inheritdoc />
    protected override string GetParameterPlaceholder(int parameterOrdinal) => GetParameterName(parameterOrdinal);

    /// <summary>
    /// The SELECT's schema table without the catalog name ("main"), so that the generated commands name the
    /// table alone, as the SELECT did.
    /// </summary>
    protected override DataTable? GetSchemaTable(DbCommand sourceCommand)
    {
        DataTable? schema = base.GetSchemaTable(sourceCommand);
        if (schema?.Columns[SchemaTableOptionalColumn.BaseCatalogName] is { } catalog)
        {
            foreach (DataRow row in schema.Rows)
            {
                row[catalog] = DBNull.Value;
            }
        }

        return schema;
    }

    /// <inheritdoc />
    protected override void SetRowUpdatingHandler(DbDataAdapter adapter)
    {
        var ours = (SharpCoreDBDataAdapter)adapter;
        if (ReferenceEquals(adapter, base.DataAdapter))
        {
            ours.RowUpdating -= OnRowUpdating;
        }
        else
        {
            ours.RowUpdating += OnRowUpdating;
        }
    }

    private void OnRowUpdating(object? sender, RowUpdatingEventArgs e) => RowUpdatingHandler(e);
}
