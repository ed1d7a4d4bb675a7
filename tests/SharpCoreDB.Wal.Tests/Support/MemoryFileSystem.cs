// An in-memory file system for the exhaustive recovery tests, which open a damaged
// log thousands of times: the recovery logic is what they test, not the disk.
// Paths are keys; a relative one lives in the current directory, as on a disk.
using System.IO.Enumeration;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Wal.Tests.Support;

internal sealed class MemoryFileSystem : IFileSystem
{
    private readonly Dictionary<string, MemoryFile> _files = [];

    public IStorageFile Open(string path, StorageFileMode mode)
    {
        lock (_files)
        {
            bool exists = _files.TryGetValue(path, out var file);
            if (!exists && mode is StorageFileMode.OpenExisting or StorageFileMode.ReadOnly)
            {
                throw new FileNotFoundException("No such file.", path);
            }

            if (file is null || mode == StorageFileMode.CreateNew)
            {
                file = new MemoryFile(path);
                _files[path] = file;
            }

            return file;
        }
    }

    public bool Exists(string path)
    {
        lock (_files)
        {
            return _files.ContainsKey(path);
        }
    }

    public void Delete(string path)
    {
        lock (_files)
        {
            _files.Remove(path);
        }
    }

    public void Move(string sourcePath, string destinationPath)
    {
        lock (_files)
        {
            if (_files.ContainsKey(destinationPath) || !_files.Remove(sourcePath, out var file))
            {
                throw new IOException($"cannot move '{sourcePath}' to '{destinationPath}'");
            }

            _files[destinationPath] = file;
        }
    }

    public IEnumerable<string> EnumerateFiles(string directoryPath, string searchPattern)
    {
        string directory = Path.GetFullPath(directoryPath);
        lock (_files)
        {
            return _files.Keys
                .Where(key => Path.GetFullPath(Path.GetDirectoryName(key) is { Length: > 0 } parent ? parent : ".") == directory &&
                              FileSystemName.MatchesSimpleExpression(searchPattern, Path.GetFileName(key)))
                .Select(key => Path.Combine(directoryPath, Path.GetFileName(key)))
                .ToList();
        }
    }

    /// <summary>The paths of every file, for tests that list what a log left behind.</summary>
    public List<string> Paths()
    {
        lock (_files)
        {
            return [.. _files.Keys];
        }
    }

    /// <summary>A copy of a file's bytes.</summary>
    public byte[] Read(string path)
    {
        lock (_files)
        {
            return _files[path].Snapshot();
        }
    }

    /// <summary>Replaces a file's bytes.</summary>
    public void Write(string path, byte[] bytes)
    {
        lock (_files)
        {
            var file = new MemoryFile(path);
            file.Write(0, bytes);
            _files[path] = file;
        }
    }

    /// <summary>A deep copy of every file.</summary>
    public MemoryFileSystem Clone()
    {
        var clone = new MemoryFileSystem();
        lock (_files)
        {
            foreach (var (path, file) in _files)
            {
                clone.Write(path, file.Snapshot());
            }
        }

        return clone;
    }

    private sealed class MemoryFile(string path) : IStorageFile
    {
        private byte[] _data = [];
        private long _length;

        public string Path { get; } = path;

        public long Length
        {
            get
            {
                lock (this)
                {
                    return _length;
                }
            }
        }

        public int Read(long offset, Span<byte> buffer)
        {
            lock (this)
            {
                int n = (int)Math.Clamp(_length - offset, 0, buffer.Length);
                _data.AsSpan((int)offset, n).CopyTo(buffer);
                return n;
            }
        }

        public void Write(long offset, ReadOnlySpan<byte> data)
        {
            lock (this)
            {
                long end = offset + data.Length;
                if (end > _data.Length)
                {
                    Array.Resize(ref _data, (int)Math.Max(end, _data.Length * 2L));
                }

                data.CopyTo(_data.AsSpan((int)offset));
                _length = Math.Max(_length, end);
            }
        }

        public void Flush()
        {
        }

        public void SetLength(long length)
        {
            lock (this)
            {
                if (length > _data.Length)
                {
                    Array.Resize(ref _data, (int)length);
                }
                else
                {
                    _data.AsSpan((int)length).Clear();
                }

                _length = length;
            }
        }

        public byte[] Snapshot()
        {
            lock (this)
            {
                return _data.AsSpan(0, (int)_length).ToArray();
            }
        }

        public void Dispose()
        {
        }
    }
}
