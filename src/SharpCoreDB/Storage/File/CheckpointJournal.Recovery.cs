// The checkpoint journal at open: applying a complete journal that a crash left
// before its in-place writes were known to be done, or ignoring one that does not
// count (the rule at the top of CheckpointJournal.cs). A journal may be larger than
// memory (the commit of a transaction larger than the cache), so it is checked and
// applied in pieces: first every entry is decoded to prove the journal complete,
// then the entries are copied over the database file.
namespace SharpCoreDB.Storage.File;

internal sealed partial class CheckpointJournal
{
    // Entries read at a time while checking and applying a journal.
    private const int EntriesPerRead = 64;

    /// <summary>What the open should do with the journal it found.</summary>
    public enum Finding
    {
        /// <summary>Nothing to apply: no journal, a foreign or damaged one, or one of a checkpoint that completed.</summary>
        None,

        /// <summary>A complete journal to copy over the database file before the log is replayed.</summary>
        Apply,

        /// <summary>A complete journal of a commit whose log record never became durable: to be emptied, never applied.</summary>
        NeverCommitted,
    }

    /// <summary>
    /// Copies a complete journal newer than <paramref name="header"/>'s checkpoint and no newer than the log's last
    /// record (<paramref name="lastLogLsn"/>) over the database file and fsyncs it; empties one the log never reached.
    /// Returns the number of pages restored (0 if the journal did not apply).
    /// </summary>
    public int RecoverInto(DatabaseFile database, DatabaseHeader header, long lastLogLsn)
    {
        try
        {
            switch (Check(database, header, lastLogLsn, out int entries))
            {
                case Finding.Apply:
                    ApplyEntries(database, entries, header.PageSize);
                    return entries;
                case Finding.NeverCommitted:
                    // Its LSN will be given to the next commit: left as it is, a later crash would apply it then.
                    file.SetLength(0);
                    file.Flush();
                    return 0;
                default:
                    return 0;
            }
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"recovering from the checkpoint journal '{file.Path}'");
        }
    }

    /// <summary>What a read-only open would have to do with the journal (it may do neither).</summary>
    public Finding Inspect(DatabaseHeader header, long lastLogLsn)
    {
        try
        {
            return Check(null, header, lastLogLsn, out _);
        }
        catch (IOException e)
        {
            throw IoFailure.From(e, $"reading the checkpoint journal '{file.Path}'");
        }
    }

    // Checks the header and, given the database's codec, that every entry decodes.
    private Finding Check(DatabaseFile? database, DatabaseHeader header, long lastLogLsn, out int entries)
    {
        entries = 0;
        long length = file.Length;
        if (length < HeaderSize)
        {
            return Finding.None;
        }

        Span<byte> head = stackalloc byte[HeaderSize];
        file.Read(0, head);
        long lsn = CheckpointLsnField.ReadInt64(head);
        if (MagicField.ReadUInt64(head) != Magic
            || !ChecksumField.HoldsCrc32OfPreceding(head)
            || new Guid(DatabaseIdField.Of(head)) != header.DatabaseId
            || lsn <= header.CheckpointLsn
            || PageSizeField.ReadInt32(head) != header.PageSize)
        {
            return Finding.None;
        }

        entries = EntryCountField.ReadInt32(head);
        int pageSize = header.PageSize;
        if (entries < 0 || SizeFor(entries, pageSize) > length)
        {
            return Finding.None;
        }

        if (database is not null && !EveryEntryDecodes(database, entries, pageSize))
        {
            return Finding.None;
        }

        // A checkpoint's journal beyond the log's end means the log was lost: applying it (as ever) leaves pages the
        // header and the log cannot account for, which the open then refuses, rather than hiding torn writes.
        return lsn > lastLogLsn && (JournalKind)KindField.ReadByte(head) == JournalKind.Commit ? Finding.NeverCommitted : Finding.Apply;
    }

    private bool EveryEntryDecodes(DatabaseFile database, int entries, int pageSize)
    {
        var scratch = new byte[pageSize];
        return ForEachEntry(entries, pageSize, (page, encoded) =>
        {
            try
            {
                database.Codec.Decode(page, encoded, scratch);
                return true;
            }
            catch (SharpCoreDBException)
            {
                return false;
            }
        });
    }

    private void ApplyEntries(DatabaseFile database, int entries, int pageSize)
    {
        ForEachEntry(entries, pageSize, (page, encoded) =>
        {
            database.WriteEncodedPage(page, encoded);
            return true;
        });
        database.Flush();
    }

    // Reads the entries EntriesPerRead at a time and hands each (page number, page as encoded) to visit; stops and
    // returns false as soon as visit does.
    private bool ForEachEntry(int entries, int pageSize, EntryVisitor visit)
    {
        int entrySize = EntryHeaderSize + pageSize;
        var chunk = new byte[Math.Min(entries, EntriesPerRead) * entrySize];
        for (int first = 0; first < entries; first += EntriesPerRead)
        {
            int count = Math.Min(EntriesPerRead, entries - first);
            var span = chunk.AsSpan(0, count * entrySize);
            file.Read(EntryOffset(first, pageSize), span);
            for (int i = 0; i < count; i++)
            {
                var entry = span.Slice(i * entrySize, entrySize);
                if (!visit(EntryPageNumberField.ReadUInt32(entry), entry[EntryHeaderSize..]))
                {
                    return false;
                }
            }
        }

        return true;
    }

    private delegate bool EntryVisitor(uint page, ReadOnlySpan<byte> encoded);
}
