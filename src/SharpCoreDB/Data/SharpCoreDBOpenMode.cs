// How a connection opens its database: the values of the connection string's
// Mode key and of SharpCoreDBOptions.Mode, named as Microsoft.Data.Sqlite names them.
namespace SharpCoreDB.Data;

/// <summary>How a connection opens its database.</summary>
public enum SharpCoreDBOpenMode
{
    /// <summary>Open the file for reading and writing, creating it when missing (the default).</summary>
    ReadWriteCreate,

    /// <summary>Open an existing file for reading and writing; fail when it is missing.</summary>
    ReadWrite,

    /// <summary>Open an existing file for reading only; every write fails with <see cref="SharpCoreDBErrorCode.ReadOnly"/>.</summary>
    ReadOnly,

    /// <summary>An in-memory database. With a name as Data Source it is shared by every connection of the
    /// process using that name, as long as one of them is open; with <c>:memory:</c> it is private.</summary>
    Memory,
}
