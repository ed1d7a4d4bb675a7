// The spill tests' view of temporary files: databases in a temporary directory whose spill
// files (sharpcoredb-sort-*) a RecordingFileSystem records, plain or encrypted; whether the
// bytes written to those files hold a marker text (an encrypted database's must not, a plain
// database's do, which shows the scan works); and that none is left behind. It owns the
// directory, deleted when the test class disposes it.
using System.Text;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Engine;

internal sealed class SpillFileRecorder(string prefix) : IDisposable
{
    private readonly TempDirectory _directory = new(prefix);

    public RecordingFileSystem Files { get; } = new(watch: WatchedFiles.NameStartsWith("sharpcoredb-sort-"));

    public StorageOptions Plain(string name) => new() { Path = _directory.File(name), FileSystem = Files };

    public StorageOptions Encrypted(string name) => new()
    {
        Path = _directory.File(name),
        FileSystem = Files,
        Encryption = new EncryptionSettings { Password = "pw", Iterations = 1000 },
    };

    /// <summary>Whether the bytes written to spill files since the last <c>Files.Clear()</c> hold <paramref name="marker"/>.</summary>
    public bool Hold(string marker, out int files)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(marker);
        IReadOnlyList<byte[]> images = Files.Images();
        files = images.Count;
        bool found = false;
        foreach (byte[] image in images)
        {
            found |= image.AsSpan().IndexOf(bytes) >= 0;
        }

        return found;
    }

    /// <summary>Every spill file is gone once its statement has run.</summary>
    public void AssertNoneLeft() => Assert.Empty(Directory.GetFiles(_directory.Path, "sharpcoredb-sort-*.tmp"));

    public void Dispose() => _directory.Dispose();
}
