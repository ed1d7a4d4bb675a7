// What BTree.Insert does when the key is already present: a table insert or a
// unique index wants to fail, an UPDATE of a row wants to replace its record.
namespace SharpCoreDB.Storage.BTree;

/// <summary>How <see cref="BTree.Insert"/> treats an existing key.</summary>
internal enum BTreeInsertMode
{
    /// <summary>Leave the tree unchanged and return false.</summary>
    FailIfExists = 0,

    /// <summary>Replace the existing value.</summary>
    Replace = 1,
}
