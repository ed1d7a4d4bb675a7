// The databases the runner can run a file on. Memory is the plain in-memory
// database. EncryptedFile is the hardest setting for everything below the query
// engine: an AES-GCM encrypted database file in a scratch folder, 4 KiB pages, the
// smallest page cache (16 pages, so nearly every read of a table of any size is a
// miss and the cache evicts and moves pinned versions out all the time), a
// checkpoint every 64 KiB of log, and sorts that spill to encrypted temporary files
// from 16 rows on. Commits use Async durability: the log, its recovery format and
// the checkpoints run exactly as in FullSync, only the wait for each fsync is left
// out, which would make the corpus take an hour. The folder is deleted after the file.
using SharpCoreDB.Engine;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Wal;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>Where a file's database lives.</summary>
internal enum DatabaseMode
{
    Memory,
    EncryptedFile,
}

internal static class DatabaseModes
{
    public static bool TryParse(string text, out DatabaseMode mode)
    {
        mode = text switch
        {
            "memory" => DatabaseMode.Memory,
            "encrypted-file" => DatabaseMode.EncryptedFile,
            _ => (DatabaseMode)(-1),
        };
        return Enum.IsDefined(mode);
    }

    public static string Name(DatabaseMode mode) => mode == DatabaseMode.Memory ? "memory" : "encrypted-file";

    /// <summary>A scratch folder (for the file mode) and the database opened in it.</summary>
    internal sealed class Scratch(DatabaseMode mode) : IDisposable
    {
        private string? _folder;

        public Database Open()
        {
            if (mode == DatabaseMode.Memory)
            {
                return Database.Open(new DatabaseOptions());
            }

            _folder = Directory.CreateTempSubdirectory("scdb-slt-").FullName;
            return Database.Open(new DatabaseOptions
            {
                Storage = new StorageOptions
                {
                    Path = Path.Combine(_folder, "slt.scdb"),
                    PageSize = 4096,
                    CacheSizeBytes = 16 * 4096,
                    CheckpointLogBytes = 64 << 10,
                    Log = new WalOptions { Durability = WalDurability.Async },
                    Encryption = new EncryptionSettings { Key = Enumerable.Range(0, 32).Select(i => (byte)(i * 7)).ToArray() },
                },
                SpillThresholdRows = 16,
            });
        }

        public void Dispose()
        {
            if (_folder is not null)
            {
                Directory.Delete(_folder, recursive: true);
            }
        }
    }
}
