// The notes sample's data access, run as the sample runs it: an encrypted file,
// Dapper, one connection per operation, everything read back from a new store.
using SharpCoreDB.Samples.Notes;

namespace SharpCoreDB.Data.Tests.EndToEnd;

[Trait("Category", "Slow")]
public sealed class NotesSampleTests
{
    [Fact]
    public void NotesSurviveInTheEncryptedFile()
    {
        using var db = new TestDatabase();
        var store = new NoteStore(db.Path, "pw");
        store.EnsureCreated();
        store.Add("one", "first");
        Assert.Equal(2, store.AddMany([("two", null), ("three", "third")]));
        Assert.Equal(2, store.MarkDone(1, 3));
        IReadOnlyList<Note> notes = new NoteStore(db.Path, "pw").All();
        Assert.Equal(new[] { "one", "two", "three" }, notes.Select(n => n.Title).ToArray());
        Assert.Equal(new[] { true, false, true }, notes.Select(n => n.Done).ToArray());
        Assert.Equal("three", Assert.Single(store.Search("third")).Title);
        Assert.False(SharpCoreDBConnection.IsDatabaseOpen(db.Path));
    }
}
