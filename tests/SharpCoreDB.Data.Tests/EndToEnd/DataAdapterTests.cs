// DataAdapter and CommandBuilder as a WinForms/WPF app uses them: Fill a DataTable
// bound to a grid, FillSchema with keys, edit, add and delete rows, Update through
// the generated commands, then read the file back through a new connection; a row
// changed by someone else since Fill is a DBConcurrencyException, not a lost update.
using System.Data;
using System.Data.Common;
using Dapper;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class DataAdapterTests
{
    private const string Schema = """"
        CREATE TABLE "order line" (
            id INTEGER PRIMARY KEY,
            "product ""name""" TEXT NOT NULL,
            quantity INTEGER NOT NULL,
            price REAL,
            note TEXT,
            picture BLOB);
        INSERT INTO "order line" ("product ""name""", quantity, price, note, picture) VALUES
            ('Tea', 2, 3.5, NULL, x'0102'),
            ('Coffee', 1, 4.25, 'decaf', NULL),
            ('Cake', 3, NULL, NULL, NULL);
        """";

    private const string Select = """"SELECT id, "product ""name""", quantity, price, note, picture FROM "order line" """";

    [Fact]
    public void FillAndFillSchemaDescribeTheTableWithItsKey()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection connection = db.Open();
        Statements.Run(connection, Schema);
        var adapter = new SharpCoreDBDataAdapter(Select, connection);

        var table = new DataTable();
        adapter.FillSchema(table, SchemaType.Source);
        Assert.Equal("id", Assert.Single(table.PrimaryKey).ColumnName);
        Assert.True(table.Columns["id"]!.AutoIncrement);
        Assert.False(table.Columns["product \"name\""]!.AllowDBNull);
        Assert.True(table.Columns["note"]!.AllowDBNull);
        Assert.Equal(typeof(long), table.Columns["quantity"]!.DataType);
        Assert.Equal(typeof(double), table.Columns["price"]!.DataType);
        Assert.Equal(typeof(byte[]), table.Columns["picture"]!.DataType);

        Assert.Equal(3, adapter.Fill(table));
        DataRow tea = table.Rows.Find(1L)!;
        Assert.Equal("Tea", tea["product \"name\""]);
        Assert.Equal(new byte[] { 1, 2 }, tea["picture"]);
        Assert.Equal(DBNull.Value, table.Rows.Find(3L)!["price"]);
    }

    [Fact]
    public void UpdateWritesAddedChangedAndDeletedRowsThatSurviveAReopen()
    {
        using var db = new TestDatabase();
        using (SharpCoreDBConnection connection = db.Open())
        {
            Statements.Run(connection, Schema);
            var adapter = new SharpCoreDBDataAdapter(Select, connection);
            using var builder = new SharpCoreDBCommandBuilder(adapter);
            var table = new DataTable();
            adapter.Fill(table);

            DataRow coffee = table.Select("id = 2").Single();
            coffee["quantity"] = 5L;
            coffee["note"] = DBNull.Value;
            DataRow cake = table.Select("id = 3").Single();
            cake["price"] = 2.75;
            table.Select("id = 1").Single().Delete();
            DataRow added = table.NewRow();
            added["product \"name\""] = "Scone, with \"cream\"";
            added["quantity"] = 4L;
            added["picture"] = new byte[] { 9, 8, 7 };
            table.Rows.Add(added);

            Assert.Equal(4, adapter.Update(table));
            Assert.Empty(table.GetChanges()?.Rows.Cast<DataRow>() ?? []);
        }

        using SharpCoreDBConnection reopened = db.Open();
        var rows = reopened.Query(""""SELECT id, "product ""name""" AS name, quantity, price, note, picture FROM "order line" ORDER BY id"""").ToList();
        Assert.Equal([2L, 3L, 4L], rows.Select(r => (long)r.id));
        Assert.Equal(5L, (long)rows[0].quantity);
        Assert.Null(rows[0].note);
        Assert.Equal(2.75, (double)rows[1].price);
        Assert.Equal("Scone, with \"cream\"", (string)rows[2].name);
        Assert.Equal(new byte[] { 9, 8, 7 }, (byte[])rows[2].picture);
        Assert.Null(rows[2].price);
    }

    [Fact]
    public void ARowChangedByAnotherConnectionSinceFillIsAConcurrencyErrorNotALostUpdate()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection connection = db.Open();
        Statements.Run(connection, Schema);
        var adapter = new SharpCoreDBDataAdapter(Select, connection);
        using var builder = new SharpCoreDBCommandBuilder(adapter);
        var table = new DataTable();
        adapter.Fill(table);

        using (SharpCoreDBConnection other = db.Open())
        {
            Statements.Run(other, """UPDATE "order line" SET quantity = 10 WHERE id = 3""");
        }

        table.Select("id = 3").Single()["quantity"] = 7L;
        Assert.Throws<DBConcurrencyException>(() => adapter.Update(table));
        Assert.Equal(10L, connection.ExecuteScalar<long>("""SELECT quantity FROM "order line" WHERE id = 3"""));

        // A row whose nullable columns were NULL at Fill is still found by its original values.
        var fresh = new DataTable();
        adapter.Fill(fresh);
        fresh.Select("id = 3").Single()["note"] = "birthday";
        Assert.Equal(1, adapter.Update(fresh));
        Assert.Equal("birthday", connection.ExecuteScalar<string>("""SELECT note FROM "order line" WHERE id = 3"""));
    }

    [Fact]
    public void TheBuilderQuotesNamesAndTheFactoryCreatesBoth()
    {
        using var db = new TestDatabase();
        using SharpCoreDBConnection connection = db.Open();
        Statements.Run(connection, Schema);

        DbDataAdapter adapter = SharpCoreDBFactory.Instance.CreateDataAdapter()!;
        adapter.SelectCommand = new SharpCoreDBCommand(Select, connection);
        DbCommandBuilder builder = SharpCoreDBFactory.Instance.CreateCommandBuilder()!;
        builder.DataAdapter = adapter;
        Assert.True(SharpCoreDBFactory.Instance.CanCreateDataAdapter);
        Assert.True(SharpCoreDBFactory.Instance.CanCreateCommandBuilder);

        string insert = builder.GetInsertCommand().CommandText;
        Assert.StartsWith("INSERT INTO \"order line\" (\"product \"\"name\"\"\", \"quantity\"", insert);
        Assert.DoesNotContain("\"id\"", insert);
        Assert.StartsWith("UPDATE \"order line\" SET", builder.GetUpdateCommand().CommandText);
        Assert.StartsWith("DELETE FROM \"order line\" WHERE", builder.GetDeleteCommand().CommandText);
        Assert.Equal("\"a\"\"b\"", builder.QuoteIdentifier("a\"b"));
        Assert.Equal("a\"b", builder.UnquoteIdentifier("\"a\"\"b\""));
    }
}
