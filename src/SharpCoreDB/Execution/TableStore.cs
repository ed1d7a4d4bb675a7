// Writes rows of one table inside a write transaction, keeping every index in
// step: insert (with NOT NULL, CHECK, PRIMARY KEY and UNIQUE checks and the OR
// REPLACE / OR IGNORE conflict policies), delete and update (which rewrites only
// the index entries whose key changed). An index on expressions keys a row by their
// values, and a partial index holds only the rows its WHERE is true for (so a row
// outside it can conflict with nothing there). A row's record holds every column in
// order, with the rowid alias column stored as NULL (the rowid is the B+tree
// key). Record and key buffers are reused across rows, and a prepared statement
// reuses the whole store (trees, cursors, buffers) across its executions: Bind
// points it at the transaction of the next execution.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>Row writes for one table, indexes included.</summary>
internal sealed partial class TableStore
{
    private readonly TableSchema _table;
    private readonly TableTree _tree;
    private readonly BTree[] _indexes;
    private readonly Frame _checkFrame;
    private readonly Evaluator[] _checks;
    private readonly Evaluator?[] _generated;
    private readonly IndexRowEvaluators?[] _indexRows;
    private readonly DbValue[] _keyValues;
    private readonly BTreeCursor?[] _uniqueCursors;
    private byte[] _buffer = new byte[256];
    private byte[] _key = new byte[256];
    private byte[] _oldKey = new byte[256];
    private byte[] _prefix = [];
    private byte[]? _spill;

    public TableStore(WriteTransaction tx, TableSchema table, RowWriteRules rules)
    {
        _table = table;
        _tree = TableTree.Open(tx, table.RootPage);
        _indexes = new BTree[table.Indexes.Count];
        int widest = 0;
        for (int i = 0; i < _indexes.Length; i++)
        {
            _indexes[i] = BTree.Open(tx, table.Indexes[i].RootPage, rules.IndexOrders.Length == 0 ? null : rules.IndexOrders[i]);
            widest = Math.Max(widest, table.Indexes[i].Columns.Length);
        }

        // Sized to the widest index: a store is created per statement, so a fixed
        // 64-value buffer was the largest allocation of a one-row INSERT.
        _keyValues = widest == 0 ? [] : new DbValue[widest];
        _uniqueCursors = new BTreeCursor?[_indexes.Length];
        Transaction = tx;
        Generation = tx.Generation;

        _checkFrame = rules.Frame;
        _checks = rules.Checks;
        _generated = rules.Generated;
        _indexRows = rules.Indexes.Length == _indexes.Length ? rules.Indexes : new IndexRowEvaluators?[_indexes.Length];
    }

    public TableTree Tree => _tree;

    /// <summary>Told of each row an OR REPLACE conflict deletes (foreign key enforcement), or null.</summary>
    public IReplacedRowObserver? ReplacedRows { get; set; }

    /// <summary>The transaction the store reads and writes through.</summary>
    public WriteTransaction Transaction { get; private set; }

    /// <summary>The transaction's <see cref="WriteTransaction.Generation"/> when the store was bound to it.</summary>
    public long Generation { get; private set; }

    /// <summary>
    /// Points every tree at <paramref name="tx"/> (the next execution's transaction). Only valid while the
    /// table's schema (root pages, indexes) is the one the store was built for: the caller keeps a store per
    /// compiled statement, and a statement is compiled again when the catalog changes.
    /// </summary>
    public void Bind(WriteTransaction tx)
    {
        _tree.Rebind(tx);
        for (int i = 0; i < _indexes.Length; i++)
        {
            _indexes[i].Rebind(tx);
        }

        Transaction = tx;
        Generation = tx.Generation;
    }

    /// <summary>Reads row <paramref name="rowId"/> into <paramref name="row"/>; false if absent.</summary>
    public bool TryRead(long rowId, DbValue[] row)
    {
        if (!_tree.TryGet(rowId, ref _spill, out ReadOnlyMemory<byte> record))
        {
            return false;
        }

        Decode(_table, record.Span, rowId, row);
        return true;
    }

    /// <summary>
    /// Reads a stored record of <paramref name="table"/> into <paramref name="row"/> (all its columns), the rowid alias
    /// column (stored as NULL) taking <paramref name="rowId"/>; columns the record lacks (added later) read as NULL.
    /// </summary>
    public static void Decode(TableSchema table, ReadOnlySpan<byte> record, long rowId, DbValue[] row)
    {
        var reader = new RecordReader(record);
        for (int i = 0; i < row.Length; i++)
        {
            row[i] = i == table.RowIdColumn ? DbValue.FromInt64(rowId) : reader.GetValue(i);
        }
    }

    /// <summary>Applies column affinities in place and resolves the rowid of a new row.</summary>
    public void Prepare(DbValue[] row)
    {
        for (int i = 0; i < row.Length; i++)
        {
            if (!row[i].IsNull)
            {
                row[i] = SqlAffinity.Apply(row[i], _table.Columns[i].Affinity);
            }
        }

        int alias = _table.RowIdColumn;
        if (alias >= 0 && !row[alias].IsNull)
        {
            DbValue id = SqlAffinity.Apply(row[alias], SqlTypeAffinity.Integer);
            if (id.Type != DbValueType.Integer)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.TypeMismatch, "datatype mismatch");
            }

            row[alias] = id;
        }
    }

    /// <summary>Checks NOT NULL and CHECK constraints; returns false when the row must be skipped (OR IGNORE).</summary>
    public bool Validate(DbValue[] row, long rowId, ConflictResolution onConflict)
    {
        for (int i = 0; i < row.Length; i++)
        {
            if (_table.Columns[i].NotNull && row[i].IsNull && i != _table.RowIdColumn)
            {
                if (onConflict == ConflictResolution.Ignore)
                {
                    return false;
                }

                throw new SharpCoreDBException(SharpCoreDBErrorCode.NotNullConstraint, $"NOT NULL constraint failed: {_table.Name}.{_table.Columns[i].Name}");
            }
        }

        if (_checks.Length > 0)
        {
            row.CopyTo(_checkFrame.Values, 0);
            _checkFrame.Values[row.Length] = DbValue.FromInt64(rowId);
            for (int i = 0; i < _checks.Length; i++)
            {
                if (SqlTruth.IsTrue(_checks[i].Evaluate()) == false)
                {
                    if (onConflict == ConflictResolution.Ignore)
                    {
                        return false;
                    }

                    string name = _table.Checks[i].Name ?? SqlText.Of(_table.Checks[i].Condition);
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.CheckConstraint, $"CHECK constraint failed: {name}");
                }
            }
        }

        return true;
    }

    /// <summary>
    /// Finds rows other than <paramref name="rowId"/> that conflict with <paramref name="row"/> (same rowid when
    /// <paramref name="checkRowId"/>, or same unique key); deletes them for REPLACE, reports them otherwise.
    /// Returns false when the row must be skipped (OR IGNORE). An UPDATE that moves a row to a new rowid
    /// names the old one in <paramref name="movedFrom"/>: its own index entries are no conflict.
    /// </summary>
    public bool ResolveConflicts(DbValue[] row, long rowId, bool checkRowId, ConflictResolution onConflict, long? movedFrom = null)
    {
        if (checkRowId && _tree.Contains(rowId))
        {
            if (onConflict == ConflictResolution.Replace)
            {
                DbValue[] old = new DbValue[row.Length];
                TryRead(rowId, old);
                DeleteReplaced(rowId, old);
            }
            else if (onConflict == ConflictResolution.Ignore)
            {
                return false;
            }
            else
            {
                string column = _table.RowIdColumn >= 0 ? _table.Columns[_table.RowIdColumn].Name : "rowid";
                throw new SharpCoreDBException(SharpCoreDBErrorCode.PrimaryKeyConstraint, $"UNIQUE constraint failed: {_table.Name}.{column}");
            }
        }

        for (int i = 0; i < _indexes.Length; i++)
        {
            IndexSchema index = _table.Indexes[i];
            if (!index.IsUnique)
            {
                continue;
            }

            // The prefix gets its own buffer: deleting a REPLACEd row below encodes keys into _key.
            if (!UniquePrefix(i, row, rowId, out ReadOnlySpan<byte> prefix, out BTreeCursor cursor))
            {
                continue;
            }

            for (bool ok = cursor.SeekPrefixFirst(prefix); ok && cursor.KeyStartsWith(prefix); ok = cursor.Next())
            {
                long other = KeyEncoder.ReadRowIdSuffix(cursor.Key);
                if (other == rowId || other == movedFrom)
                {
                    continue;
                }

                if (onConflict == ConflictResolution.Replace)
                {
                    DbValue[] old = new DbValue[row.Length];
                    TryRead(other, old);
                    DeleteReplaced(other, old);
                    ok = cursor.SeekPrefixFirst(prefix);
                    if (!ok)
                    {
                        break;
                    }

                    continue;
                }

                if (onConflict == ConflictResolution.Ignore)
                {
                    return false;
                }

                throw UniqueFailed(_table, index);
            }
        }

        return true;
    }

    /// <summary>
    /// The rowid of the row a new row (not yet written) collides with on the constraint <paramref name="upsert"/> answers
    /// for: its rowid <paramref name="rowId"/> when <paramref name="checkRowId"/>, its index, or any; null when none.
    /// </summary>
    public long? FindConflict(DbValue[] row, long rowId, bool checkRowId, UpsertAction upsert)
    {
        if ((upsert.RowIdTarget || upsert.AnyConstraint) && checkRowId && _tree.Contains(rowId))
        {
            return rowId;
        }

        for (int i = 0; i < _indexes.Length && !upsert.RowIdTarget; i++)
        {
            IndexSchema index = _table.Indexes[i];
            if (!index.IsUnique || !(upsert.AnyConstraint || index.Name == upsert.IndexTarget?.Name))
            {
                continue;
            }

            if (UniquePrefix(i, row, rowId, out ReadOnlySpan<byte> prefix, out BTreeCursor cursor) && cursor.SeekPrefixFirst(prefix) && cursor.KeyStartsWith(prefix))
            {
                return KeyEncoder.ReadRowIdSuffix(cursor.Key);
            }
        }

        return null;
    }

    // The key prefix `row` (rowid `rowId`) has in unique index `i` (kept in its own buffer) and the index's cursor; false
    // when a key value is NULL or a partial index does not hold the row, which then conflicts with nothing.
    private bool UniquePrefix(int i, DbValue[] row, long rowId, out ReadOnlySpan<byte> prefix, out BTreeCursor cursor)
    {
        cursor = _uniqueCursors[i] ??= _indexes[i].OpenCursor();
        prefix = default;
        if (!IndexRowEvaluators.Holds(_indexRows[i], row, rowId))
        {
            return false;
        }

        int length = EncodeKey(i, row, rowId, out bool hasNull, suffixRowId: long.MinValue) - RowIdKey.SuffixSizeOf(long.MinValue);
        prefix = hasNull ? default : KeepKey(ref _prefix, length);
        return !hasNull;
    }

    /// <summary>Writes the record and the index entries of a new row whose conflicts are resolved.</summary>
    public void Insert(DbValue[] row, long rowId)
    {
        WriteRecord(row, rowId, BTreeInsertMode.FailIfExists);
        for (int i = 0; i < _indexes.Length; i++)
        {
            if (IndexRowEvaluators.Holds(_indexRows[i], row, rowId))
            {
                int length = EncodeKey(i, row, rowId, out _);
                _indexes[i].Insert(_key.AsSpan(0, length), [], BTreeInsertMode.Replace);
            }
        }
    }

    /// <summary>
    /// Rewrites row <paramref name="rowId"/> (whose conflicts are resolved) in place: its record, and
    /// of its index entries only those whose key bytes changed from <paramref name="old"/>'s. An UPDATE
    /// of columns no index covers then leaves every index page alone, which is one page fewer to copy,
    /// log and checkpoint per index. A partial index gains or loses the row as its WHERE turns.
    /// </summary>
    public void Update(long rowId, DbValue[] old, DbValue[] row)
    {
        WriteRecord(row, rowId, BTreeInsertMode.Replace);
        for (int i = 0; i < _indexes.Length; i++)
        {
            bool held = IndexRowEvaluators.Holds(_indexRows[i], old, rowId);
            ReadOnlySpan<byte> oldKey = held ? KeepKey(ref _oldKey, EncodeKey(i, old, rowId, out _)) : default;
            if (!IndexRowEvaluators.Holds(_indexRows[i], row, rowId))
            {
                if (held)
                {
                    _indexes[i].Delete(oldKey);
                }

                continue;
            }

            int length = EncodeKey(i, row, rowId, out _);
            if (held && oldKey.SequenceEqual(_key.AsSpan(0, length)))
            {
                continue;
            }

            if (held)
            {
                _indexes[i].Delete(oldKey);
            }

            _indexes[i].Insert(_key.AsSpan(0, length), [], BTreeInsertMode.Replace);
        }
    }

    private void WriteRecord(DbValue[] row, long rowId, BTreeInsertMode mode)
    {
        int alias = _table.RowIdColumn;
        DbValue saved = default;
        if (alias >= 0)
        {
            saved = row[alias];
            row[alias] = DbValue.Null;
        }

        int size = RecordWriter.GetSize(row);
        if (_buffer.Length < size)
        {
            _buffer = new byte[Math.Max(size, _buffer.Length * 2)];
        }

        RecordWriter.Write(row, _buffer);
        if (alias >= 0)
        {
            row[alias] = saved;
        }

        _tree.Insert(rowId, _buffer.AsSpan(0, size), mode);
        Transaction.Changes?.Record(_tree.RootPage, rowId);
    }

    // A row OR REPLACE removes is deleted as a DELETE would delete it, foreign key actions included (as SQLite); a
    // BEFORE DELETE trigger may have changed or deleted it, so it is read again first.
    private void DeleteReplaced(long rowId, DbValue[] old)
    {
        ReplacedRows?.BeforeDelete(rowId, old);
        if (ReplacedRows is not null && !TryRead(rowId, old))
        {
            return;
        }

        Delete(rowId, old);
        ReplacedRows?.AfterDelete(rowId, old);
    }

    public void Delete(long rowId, DbValue[] row)
    {
        _tree.Delete(rowId);
        Transaction.Changes?.Record(_tree.RootPage, rowId);
        for (int i = 0; i < _indexes.Length; i++)
        {
            if (IndexRowEvaluators.Holds(_indexRows[i], row, rowId))
            {
                int length = EncodeKey(i, row, rowId, out _);
                _indexes[i].Delete(_key.AsSpan(0, length));
            }
        }
    }
}
