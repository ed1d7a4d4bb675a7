using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Tests;

// SQLite is the reference the differential tests compare SharpCoreDB against;
// this proves the oracle itself loads and answers on this machine.
public class ReferenceOracleTests
{
    [Fact]
    public void SqliteOracleAnswers()
    {
        using SqliteConnection connection = SqliteReference.OpenMemory();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT 7 / 2, 7 % 3, typeof(1.5)";
        using var reader = command.ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(3L, reader.GetInt64(0));
        Assert.Equal(1L, reader.GetInt64(1));
        Assert.Equal("real", reader.GetString(2));
    }
}
