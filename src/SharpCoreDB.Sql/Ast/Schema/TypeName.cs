// A declared column type (or CAST target). The text is kept as written
// ("VARCHAR(30)", "UNSIGNED BIG INT"); Affinity is the normalised kind the
// engine stores and compares by, following SQLite's affinity rules for names it
// does not know (see SqlTypeAffinity).
namespace SharpCoreDB.Sql.Ast;

/// <summary>A type name with its original text, normalised affinity and size arguments.</summary>
/// <param name="Text">The declaration as written, e.g. "VARCHAR(30)".</param>
/// <param name="Affinity">The normalised type.</param>
/// <param name="Arguments">The numbers in parentheses: length, or precision and scale.</param>
internal sealed record TypeName(string Text, SqlTypeAffinity Affinity, SqlList<long> Arguments, SourcePosition Position = default) : SqlNode(Position)
{
    /// <summary>Normalises a type name (without its parenthesised arguments) to an affinity.</summary>
    /// <remarks>
    /// Exact names first: BOOLEAN/BOOL, DATETIME/DATE/TIMESTAMP, DECIMAL/MONEY. Then SQLite's rules, in
    /// order: contains INT: Integer; CHAR, CLOB or TEXT: Text; BLOB: Blob; REAL, FLOA or DOUB: Real;
    /// anything else: Numeric.
    /// </remarks>
    public static SqlTypeAffinity AffinityOf(string name)
    {
        string upper = name.Trim().ToUpperInvariant();
        switch (upper)
        {
            case "":
                return SqlTypeAffinity.None;
            case "BOOLEAN" or "BOOL":
                return SqlTypeAffinity.Boolean;
            case "DATETIME" or "DATE" or "TIMESTAMP":
                return SqlTypeAffinity.DateTime;
            case "DECIMAL" or "MONEY":
                return SqlTypeAffinity.Decimal;
        }

        if (upper.Contains("INT", StringComparison.Ordinal))
        {
            return SqlTypeAffinity.Integer;
        }

        if (upper.Contains("CHAR", StringComparison.Ordinal) || upper.Contains("CLOB", StringComparison.Ordinal)
            || upper.Contains("TEXT", StringComparison.Ordinal))
        {
            return SqlTypeAffinity.Text;
        }

        if (upper.Contains("BLOB", StringComparison.Ordinal))
        {
            return SqlTypeAffinity.Blob;
        }

        if (upper.Contains("REAL", StringComparison.Ordinal) || upper.Contains("FLOA", StringComparison.Ordinal)
            || upper.Contains("DOUB", StringComparison.Ordinal))
        {
            return SqlTypeAffinity.Real;
        }

        return SqlTypeAffinity.Numeric;
    }
}
