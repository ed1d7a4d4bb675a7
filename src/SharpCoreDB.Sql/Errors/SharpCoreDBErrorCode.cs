// The error codes every SharpCoreDB exception carries. They live in the lowest
// assembly that throws them (the SQL front end references nothing of ours), so
// the parser, the engine and the ADO.NET provider all share one enumeration.
namespace SharpCoreDB;

/// <summary>What kind of failure a <see cref="SharpCoreDBException"/> reports.</summary>
public enum SharpCoreDBErrorCode
{
    /// <summary>A failure that fits no other code.</summary>
    Unknown = 0,

    /// <summary>SQL text that does not parse; the message names line, column and token.</summary>
    SyntaxError = 1,

    /// <summary>A statement that parses but cannot run: unknown table or column, wrong argument count.</summary>
    SemanticError = 2,

    /// <summary>A NOT NULL constraint was violated.</summary>
    NotNullConstraint = 10,

    /// <summary>A UNIQUE constraint or unique index was violated.</summary>
    UniqueConstraint = 11,

    /// <summary>A PRIMARY KEY constraint was violated.</summary>
    PrimaryKeyConstraint = 12,

    /// <summary>A CHECK constraint evaluated to false.</summary>
    CheckConstraint = 13,

    /// <summary>
    /// A FOREIGN KEY constraint was violated: a child row without its parent at the end of a statement (or at
    /// COMMIT, for a deferred key), or a RESTRICT parent changed while children refer to it. The message names
    /// the constraint, the child table and the parent.
    /// </summary>
    ForeignKeyConstraint = 14,

    /// <summary>A trigger raised an error: RAISE(ABORT | FAIL | ROLLBACK, message); the message is the trigger's.</summary>
    TriggerConstraint = 15,

    /// <summary>A value could not be converted to the type asked for.</summary>
    TypeMismatch = 20,

    /// <summary>64-bit integer arithmetic overflowed.</summary>
    ArithmeticOverflow = 21,

    /// <summary>A page, header or log frame failed its checksum or structure check.</summary>
    Corrupt = 30,

    /// <summary>An encrypted page or log frame failed authentication: it was changed behind the engine's back.</summary>
    AuthenticationFailed = 31,

    /// <summary>The password or key does not open this database, or none was given for an encrypted one.</summary>
    WrongKey = 32,

    /// <summary>The file is not a SharpCoreDB database, or of a format version this build cannot read.</summary>
    NotADatabase = 33,

    /// <summary>Another process holds the database file open.</summary>
    Locked = 40,

    /// <summary>A write was attempted on a database opened read-only.</summary>
    ReadOnly = 41,

    /// <summary>The operation waited longer than its timeout.</summary>
    Timeout = 42,

    /// <summary>The operation was cancelled by its caller.</summary>
    Cancelled = 43,

    /// <summary>
    /// A transaction tried to write after reading from a snapshot that another connection's commit has
    /// since replaced (SQLite's SQLITE_BUSY_SNAPSHOT): writing would be based on stale reads. The
    /// transaction stays open and can still read; roll it back and run it again.
    /// </summary>
    Busy = 44,

    /// <summary>A read, write or fsync failed.</summary>
    IoError = 50,

    /// <summary>The disk is full.</summary>
    DiskFull = 51,

    /// <summary>An earlier I/O failure left the log unable to accept writes until the database is reopened.</summary>
    LogFailed = 52,

    /// <summary>The API was used wrongly: a closed connection, a missing parameter, a bad connection string key.</summary>
    Misuse = 60,
}
