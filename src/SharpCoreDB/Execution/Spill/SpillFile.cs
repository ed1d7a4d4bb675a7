// A temporary file of rows written by a sort that outgrew its memory budget (also a
// GROUP BY's, a recursive CTE's queue and the right side of an OuterJoinSource, which
// reads its files again from the start with Rewind). A spilled window partition
// (Execution/Windows/SpilledBlocks) uses it at random instead: each of its blocks of
// values is one row written alone as one block (WriteBlockAt), read back by its offset
// (ReadBlockAt) and overwritten in place when the new block fits where the old one was.
// Rows are records (RecordWriter format) each preceded by a 4-byte little-endian
// length, packed into blocks of about 64 KiB. Each block on disk is:
//
//   int32 LE   payload length n
//   n bytes    the rows (plaintext), or their AES-GCM ciphertext
//   [12 bytes nonce, 16 bytes tag]   only when the database is encrypted
//
// An encrypted database's spill blocks are sealed with the spill subkey and a
// nonce from the database's NonceSequence, so no user data reaches a temporary
// file in plaintext. The file goes through StorageOptions.FileSystem as a temporary
// file (Storage/TemporaryFiles): it disappears when the sorter closes it, and even
// when the process is killed mid-sort.
using System.Buffers.Binary;
using System.Security.Cryptography;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Execution.Spill;

/// <summary>One run of rows in a temporary file.</summary>
internal sealed class SpillFile : IDisposable
{
    internal const int BlockSize = 64 * 1024;
    internal const int TagSize = 16;
    private readonly IStorageFile _file;
    private readonly DatabaseEncryption? _encryption;
    private readonly AesGcm? _cipher;
    private byte[] _block = new byte[BlockSize];
    private int _blockLength;
    private long _writeOffset;
    private long _readOffset;
    private int _readPosition;
    private int _readLength;
    private bool _disposed;

    public SpillFile(IFileSystem fileSystem, string directory, DatabaseEncryption? encryption)
    {
        _encryption = encryption;
        _file = TemporaryFiles.Create(fileSystem, directory, TemporaryFiles.SortRunPrefix, "a sort's temporary file");
        _cipher = encryption?.CreateSpillCipher();
    }

    public void Write(ReadOnlySpan<DbValue> row)
    {
        int size = RecordWriter.GetSize(row);
        if (_blockLength + size + 4 > _block.Length && _blockLength > 0)
        {
            FlushBlock();
        }

        if (size + 4 > _block.Length)
        {
            Array.Resize(ref _block, size + 4);
        }

        BinaryPrimitives.WriteInt32LittleEndian(_block.AsSpan(_blockLength), size);
        RecordWriter.Write(row, _block.AsSpan(_blockLength + 4, size));
        _blockLength += size + 4;
    }

    /// <summary>Ends writing; reading starts at the first row.</summary>
    public void CompleteWrites()
    {
        if (_blockLength > 0)
        {
            FlushBlock();
        }

        Rewind();
    }

    /// <summary>Reading starts again at the first row (after <see cref="CompleteWrites"/>), for a file read more than once.</summary>
    public void Rewind()
    {
        _readOffset = 0;
        _readPosition = 0;
        _readLength = 0;
    }

    /// <summary>Reads the next row into <paramref name="row"/>; false at the end.</summary>
    public bool Read(DbValue[] row)
    {
        if (_readPosition >= _readLength && !LoadBlock())
        {
            return false;
        }

        int size = BinaryPrimitives.ReadInt32LittleEndian(_block.AsSpan(_readPosition));
        var reader = new RecordReader(_block.AsSpan(_readPosition + 4, size));
        reader.ReadAll(row);
        _readPosition += size + 4;
        return true;
    }

    /// <summary>
    /// Writes <paramref name="values"/> as one block of its own at <paramref name="offset"/> when it fits in the
    /// <paramref name="capacity"/> bytes there, otherwise at the end; returns where it went and the bytes it may
    /// take there next time. Sequential writing (<see cref="Write"/>) must not be in progress.
    /// </summary>
    public (long Offset, int Capacity) WriteBlockAt(ReadOnlySpan<DbValue> values, long offset, int capacity)
    {
        int onDisk = 4 + 4 + RecordWriter.GetSize(values) + (_cipher is null ? 0 : NonceSequence.NonceSize + TagSize);
        if (onDisk > capacity)
        {
            long at = _writeOffset;
            Write(values);
            FlushBlock();
            return (at, onDisk);
        }

        long end = _writeOffset;
        _writeOffset = offset;
        try
        {
            Write(values);
            FlushBlock();
        }
        finally
        {
            _writeOffset = end;
        }

        return (offset, capacity);
    }

    /// <summary>Reads the block <see cref="WriteBlockAt"/> wrote at <paramref name="offset"/> into <paramref name="values"/>.</summary>
    public void ReadBlockAt(long offset, DbValue[] values)
    {
        _readOffset = offset;
        _readPosition = 0;
        _readLength = 0;
        if (!Read(values))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"The temporary file {_file.Path} ended early.");
        }
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _block = [];
        _cipher?.Dispose();
        _file.Dispose();
    }

    // A failed read or write of the temporary file fails the statement with the project's error
    // (DiskFull for ENOSPC), like a failure of the database file (found by SqlFaultTests).
    private static SharpCoreDBException Failure(Exception e, string doing) => e is IOException io
        ? Storage.File.IoFailure.From(io, doing + " a sort's temporary file")
        : new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"I/O failed while {doing} a sort's temporary file: {e.Message}", e);

    private void FlushBlock()
    {
        try
        {
            WriteBlock();
        }
        catch (IOException e)
        {
            throw Failure(e, "writing");
        }
    }

    private bool LoadBlock()
    {
        try
        {
            return ReadBlock();
        }
        catch (IOException e)
        {
            throw Failure(e, "reading");
        }
        catch (CryptographicException e)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"A block of the temporary file {_file.Path} failed authentication.", e);
        }
    }

    private void WriteBlock()
    {
        Span<byte> header = stackalloc byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(header, _blockLength);
        _file.Write(_writeOffset, header);
        _writeOffset += 4;
        if (_cipher is null)
        {
            _file.Write(_writeOffset, _block.AsSpan(0, _blockLength));
            _writeOffset += _blockLength;
        }
        else
        {
            byte[] sealedBlock = new byte[_blockLength + NonceSequence.NonceSize + TagSize];
            Span<byte> nonce = sealedBlock.AsSpan(_blockLength, NonceSequence.NonceSize);
            _encryption!.Nonces.Next(nonce);
            _cipher.Encrypt(nonce, _block.AsSpan(0, _blockLength), sealedBlock.AsSpan(0, _blockLength),
                sealedBlock.AsSpan(_blockLength + NonceSequence.NonceSize, TagSize));
            _file.Write(_writeOffset, sealedBlock);
            _writeOffset += sealedBlock.Length;
        }

        _blockLength = 0;
    }

    private bool ReadBlock()
    {
        if (_readOffset >= _writeOffset)
        {
            return false;
        }

        Span<byte> header = stackalloc byte[4];
        ReadExactly(_readOffset, header);
        int length = BinaryPrimitives.ReadInt32LittleEndian(header);
        _readOffset += 4;
        if (_block.Length < length)
        {
            _block = new byte[length];
        }

        if (_cipher is null)
        {
            ReadExactly(_readOffset, _block.AsSpan(0, length));
            _readOffset += length;
        }
        else
        {
            byte[] sealedBlock = new byte[length + NonceSequence.NonceSize + TagSize];
            ReadExactly(_readOffset, sealedBlock);
            _readOffset += sealedBlock.Length;
            _cipher.Decrypt(sealedBlock.AsSpan(length, NonceSequence.NonceSize), sealedBlock.AsSpan(0, length),
                sealedBlock.AsSpan(length + NonceSequence.NonceSize, TagSize), _block.AsSpan(0, length));
        }

        _readPosition = 0;
        _readLength = length;
        return true;
    }

    private void ReadExactly(long offset, Span<byte> buffer)
    {
        int done = 0;
        while (done < buffer.Length)
        {
            int n = _file.Read(offset + done, buffer[done..]);
            if (n <= 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, $"The temporary file {_file.Path} ended early.");
            }

            done += n;
        }
    }
}
