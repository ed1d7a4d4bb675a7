// Which rows of which tables a write transaction changed, for the change
// notifications applications use to refresh what they show (SharpCoreDBConnection.
// DatabaseChanged). A transaction records into it only while somebody listens, so
// a database nobody watches pays nothing.
//
// Entries are (table root page, rowid) in the order written; a savepoint remembers
// the count when it began and a rollback to it cuts the entries back, so rows of an
// undone statement are never reported. Past RowIdLimit entries a table is recorded
// once as "many rows" instead of row by row, which bounds the memory of a bulk load.
using SharpCoreDB.Storage.Collections;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>The rows a write transaction changed, table by table.</summary>
internal sealed class ChangeJournal
{
    /// <summary>Rowids listed one by one per transaction; past this a table is reported as changed throughout.</summary>
    public const int RowIdLimit = 10_000;

    private readonly List<Entry> _entries = [];
    private readonly PageSet _manyRows = new();

    /// <summary>Entries so far: what a savepoint remembers to cut back to.</summary>
    public int Count => _entries.Count;

    /// <summary>Records a write of row <paramref name="rowId"/> of the table whose B+tree root is <paramref name="tableRoot"/>.</summary>
    public void Record(uint tableRoot, long rowId)
    {
        if (_entries.Count < RowIdLimit)
        {
            _entries.Add(new Entry(tableRoot, rowId, ManyRows: false));
        }
        else if (_manyRows.Add(tableRoot))
        {
            _entries.Add(new Entry(tableRoot, 0, ManyRows: true));
        }
    }

    /// <summary>Forgets the entries after the first <paramref name="count"/> (a rollback to a savepoint).</summary>
    public void TruncateTo(int count)
    {
        if (count >= _entries.Count)
        {
            return;
        }

        _entries.RemoveRange(count, _entries.Count - count);
        _manyRows.Clear();
        foreach (Entry entry in _entries)
        {
            if (entry.ManyRows)
            {
                _manyRows.Add(entry.TableRoot);
            }
        }
    }

    /// <summary>
    /// Each changed table's root page with its changed rowids, ascending and without repeats, or null for a table
    /// changed in more rows than were listed.
    /// </summary>
    public List<(uint TableRoot, long[]? RowIds)> Summarize()
    {
        var byTable = new Dictionary<uint, SortedSet<long>?>();
        foreach (Entry entry in _entries)
        {
            if (_manyRows.Contains(entry.TableRoot))
            {
                byTable[entry.TableRoot] = null;
            }
            else if (byTable.TryGetValue(entry.TableRoot, out SortedSet<long>? rows))
            {
                rows!.Add(entry.RowId);
            }
            else
            {
                byTable.Add(entry.TableRoot, [entry.RowId]);
            }
        }

        return [.. byTable.Select(static pair => (pair.Key, pair.Value is null ? null : pair.Value.ToArray()))];
    }

    private readonly record struct Entry(uint TableRoot, long RowId, bool ManyRows);
}
