// What BTree.Insert does when the key is already present: a table insert or a
// unique index wants to fail, an UPDATE of a row wants to replace its record. A copy
// of a tree in key order (VACUUM) appends instead, comparing nothing, so that it needs
// no application collation to copy an index ordered by one.
namespace SharpCoreDB.Storage.BTree;

/// <summary>How <see cref="BTree.Insert"/> treats an existing key.</summary>
internal enum BTreeInsertMode
{
    /// <summary>Leave the tree unchanged and return false.</summary>
    FailIfExists = 0,

    /// <summary>Replace the existing value.</summary>
    Replace = 1,

    /// <summary>Add after the last entry without searching: the caller inserts keys in the tree's order.</summary>
    Append = 2,
}
