// The normalised types a declared column type maps to. SQLite has five
// affinities; SharpCoreDB adds Boolean, DateTime and Decimal, which the issue's
// dialect names as column types of their own.
namespace SharpCoreDB.Sql.Ast;

/// <summary>The normalised type of a declared column type.</summary>
internal enum SqlTypeAffinity
{
    /// <summary>No declared type: values keep their own type (SQLite's BLOB/"none" affinity).</summary>
    None,

    /// <summary>INTEGER, INT, BIGINT, ... (any name containing INT).</summary>
    Integer,

    /// <summary>REAL, FLOAT, DOUBLE, DOUBLE PRECISION.</summary>
    Real,

    /// <summary>TEXT, VARCHAR(n), CHAR, CLOB, NVARCHAR, ...</summary>
    Text,

    /// <summary>BLOB.</summary>
    Blob,

    /// <summary>BOOLEAN, BOOL.</summary>
    Boolean,

    /// <summary>DATETIME, DATE, TIMESTAMP.</summary>
    DateTime,

    /// <summary>DECIMAL(p, s), MONEY.</summary>
    Decimal,

    /// <summary>NUMERIC and every other name SQLite's rules do not place elsewhere.</summary>
    Numeric,
}
