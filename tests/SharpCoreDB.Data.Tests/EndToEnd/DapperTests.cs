// Dapper on SharpCoreDB, as desktop apps use it: bulk Execute with lists of
// objects, Query<T> into classes and records, IN-list expansion (empty too),
// QueryMultiple, async variants and transactions; data is always read back,
// including after closing and reopening the file.
using Dapper;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class DapperTests
{
    public sealed class Note
    {
        public long Id { get; set; }

        public string Title { get; set; } = "";

        public string? Body { get; set; }

        public DateTime Created { get; set; }

        public decimal Price { get; set; }

        public bool Done { get; set; }
    }

    public sealed record NoteRecord(long Id, string Title, string? Body, DateTime Created, decimal Price, bool Done);

    internal const string Schema =
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, created DATETIME NOT NULL, price DECIMAL(10,2) NOT NULL, done BOOLEAN NOT NULL)";

    private static readonly DateTime Day = new(2024, 3, 1, 9, 30, 0, DateTimeKind.Utc);

    private static Note[] SampleNotes(int count)
    {
        var notes = new Note[count];
        for (int i = 0; i < count; i++)
        {
            notes[i] = new Note
            {
                Id = i + 1,
                Title = "note " + (i + 1),
                Body = i % 3 == 0 ? null : "body " + i,
                Created = Day.AddDays(i),
                Price = 1.25m * i,
                Done = i % 2 == 0,
            };
        }

        return notes;
    }

    internal const string Insert = "INSERT INTO notes (id, title, body, created, price, done) VALUES (@Id, @Title, @Body, @Created, @Price, @Done)";

    [Fact]
    public void ExecuteWithAListInsertsEveryObjectAndQueryReadsThemIntoClasses()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            connection.Execute(Schema);
            Assert.Equal(10, connection.Execute(Insert, SampleNotes(10)));
        }

        using (SharpCoreDBConnection reopened = db.Open())
        {
            List<Note> notes = reopened.Query<Note>("SELECT id, title, body, created, price, done FROM notes ORDER BY id").AsList();
            Assert.Equal(10, notes.Count);
            Note[] expected = SampleNotes(10);
            for (int i = 0; i < 10; i++)
            {
                Assert.Equal(expected[i].Id, notes[i].Id);
                Assert.Equal(expected[i].Title, notes[i].Title);
                Assert.Equal(expected[i].Body, notes[i].Body);
                Assert.Equal(expected[i].Created, notes[i].Created);
                Assert.Equal(expected[i].Price, notes[i].Price);
                Assert.Equal(expected[i].Done, notes[i].Done);
            }
        }
    }

    [Fact]
    public void QueryIntoRecordsWithANullFirstRow()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        connection.Execute(Schema);
        connection.Execute(Insert, SampleNotes(4));
        // Row 1 has a NULL body: the column's type must still be string for every row.
        List<NoteRecord> records = connection.Query<NoteRecord>("SELECT id, title, body, created, price, done FROM notes ORDER BY id").AsList();
        Assert.Equal(4, records.Count);
        Assert.Null(records[0].Body);
        Assert.Equal("body 1", records[1].Body);
        Assert.Equal(Day.AddDays(2), records[2].Created);
        Assert.Equal(3.75m, records[3].Price);
    }

    [Fact]
    public void InListExpansionIncludingAnEmptyList()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        connection.Execute(Schema);
        connection.Execute(Insert, SampleNotes(8));
        long[] ids = connection.Query<long>("SELECT id FROM notes WHERE id IN @ids ORDER BY id", new { ids = new[] { 2, 5, 7, 99 } }).AsList().ToArray();
        Assert.Equal(new long[] { 2, 5, 7 }, ids);
        Assert.Empty(connection.Query<long>("SELECT id FROM notes WHERE id IN @ids", new { ids = Array.Empty<int>() }));
    }

    [Fact]
    public void QueryMultipleReadsEachResult()
    {
        using SharpCoreDBConnection connection = TestDatabase.OpenMemory();
        connection.Execute(Schema);
        connection.Execute(Insert, SampleNotes(5));
        using SqlMapper.GridReader grid = connection.QueryMultiple(
            "SELECT COUNT(*) FROM notes; SELECT id, title FROM notes WHERE done = @done ORDER BY id; SELECT title FROM notes WHERE id = @id",
            new { done = true, id = 4 });
        Assert.Equal(5, grid.ReadSingle<int>());
        Assert.Equal(new long[] { 1, 3, 5 }, grid.Read<Note>().Select(n => n.Id).ToArray());
        Assert.Equal("note 4", grid.ReadSingle<string>());
    }

    [Fact]
    public async Task AsyncVariantsWriteAndReadBack()
    {
        using var db = new TestDatabase(extra: ";Durability=FullSync");
        await using (var connection = new SharpCoreDBConnection(db.ConnectionString))
        {
            await connection.OpenAsync();
            await connection.ExecuteAsync(Schema);
            Assert.Equal(6, await connection.ExecuteAsync(Insert, SampleNotes(6)));
            Assert.Equal(6L, await connection.ExecuteScalarAsync<long>("SELECT COUNT(*) FROM notes"));
        }

        await using (var reopened = new SharpCoreDBConnection(db.ConnectionString))
        {
            await reopened.OpenAsync();
            List<Note> notes = (await reopened.QueryAsync<Note>("SELECT * FROM notes WHERE price > @min ORDER BY id", new { min = 3m })).AsList();
            Assert.Equal(new long[] { 4, 5, 6 }, notes.Select(n => n.Id).ToArray());
            NoteRecord single = await reopened.QuerySingleAsync<NoteRecord>("SELECT id, title, body, created, price, done FROM notes WHERE id = @id", new { id = 2 });
            Assert.Equal("body 1", single.Body);
        }
    }

    [Fact]
    public void TransactionsCommitAndRollBack()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            connection.Execute(Schema);
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                connection.Execute(Insert, SampleNotes(3), tx);
                tx.Commit();
            }

            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                connection.Execute("DELETE FROM notes", transaction: tx);
                Assert.Equal(0L, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM notes", transaction: tx));
                tx.Rollback();
            }

            // A command without the transaction object joins the open transaction.
            using (SharpCoreDBTransaction tx = connection.BeginTransaction())
            {
                connection.Execute("UPDATE notes SET title = 'changed' WHERE id = 1");
            }
        }

        using SharpCoreDBConnection reopened = db.Open();
        Assert.Equal(3L, reopened.ExecuteScalar<long>("SELECT COUNT(*) FROM notes"));
        Assert.Equal("note 1", reopened.ExecuteScalar<string>("SELECT title FROM notes WHERE id = 1"));
    }

    [Fact]
    public async Task AsyncTransactionCommitIsDurable()
    {
        using var db = new TestDatabase();
        await using (SharpCoreDBConnection connection = db.Open())
        {
            await connection.ExecuteAsync(Schema);
            await using SharpCoreDBTransaction tx = connection.BeginTransaction();
            await connection.ExecuteAsync(Insert, SampleNotes(2), tx);
            await tx.CommitAsync();
        }

        using SharpCoreDBConnection reopened = db.Open();
        Assert.Equal(new[] { "note 1", "note 2" }, reopened.Query<string>("SELECT title FROM notes ORDER BY id").ToArray());
    }

    [Fact]
    public void EncryptedFileRoundTripAndWrongPassword()
    {
        using var db = new TestDatabase(password: "correct horse");
        using (SharpCoreDBConnection connection = db.Open())
        {
            connection.Execute(Schema);
            connection.Execute(Insert, SampleNotes(2));
        }

        using (SharpCoreDBConnection reopened = db.Open())
        {
            Assert.Equal(2L, reopened.ExecuteScalar<long>("SELECT COUNT(*) FROM notes"));
        }

        var wrong = new SharpCoreDBConnection($"Data Source={db.Path};Password=wrong");
        Assert.Equal(SharpCoreDBErrorCode.WrongKey, Assert.Throws<SharpCoreDBException>(wrong.Open).ErrorCode);
        Assert.Equal(System.Data.ConnectionState.Closed, wrong.State);
    }
}
