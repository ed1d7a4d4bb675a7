// A session over an ADO.NET connection, shared by SharpCoreDB and SQLite so that both run
// exactly the same SQL the way both providers recommend for speed: each statement is a
// command prepared once per connection and executed again with new parameter values, and
// batches run inside one transaction. Values are read with the typed getters.
using System.Data.Common;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public sealed class AdoNetSession : ContenderSession
{
    private const string UserColumns = "id, name, email, age, created_at, active";
    private readonly DbConnection _connection;
    private readonly Dictionary<string, DbCommand> _commands = new(StringComparer.Ordinal);

    public AdoNetSession(DbConnection connection) => _connection = connection;

    /// <summary>The open connection, for suites with statements of their own (the JSON suite).</summary>
    public DbConnection Connection => _connection;

    public static string BulkReadSql { get; } =
        $"SELECT {UserColumns} FROM users WHERE id IN ({string.Join(", ", Enumerable.Range(0, 100).Select(i => "@k" + i))})";

    /// <summary>Runs a statement without parameters once (schema, pragmas).</summary>
    public void Execute(string sql)
    {
        using DbCommand command = _connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    public override void InsertUser(UserRow row)
    {
        DbCommand insert = InsertUserCommand();
        BindUser(insert, row);
        insert.ExecuteNonQuery();
    }

    public override void InsertUsers(IReadOnlyList<UserRow> rows)
    {
        DbCommand insert = InsertUserCommand();
        using DbTransaction transaction = _connection.BeginTransaction();
        insert.Transaction = transaction;
        for (int i = 0; i < rows.Count; i++)
        {
            BindUser(insert, rows[i]);
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
        insert.Transaction = null;
    }

    public override void InsertOrders(IReadOnlyList<OrderRow> rows)
    {
        DbCommand insert = Command("INSERT INTO orders (id, user_id, amount) VALUES (@id, @user, @amount)", "@id", "@user", "@amount");
        using DbTransaction transaction = _connection.BeginTransaction();
        insert.Transaction = transaction;
        foreach (OrderRow row in rows)
        {
            insert.Parameters[0].Value = row.Id;
            insert.Parameters[1].Value = row.UserId;
            insert.Parameters[2].Value = row.Amount;
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
        insert.Transaction = null;
    }

    public override void InsertPayloads(IReadOnlyList<PayloadRow> rows)
    {
        DbCommand insert = Command("INSERT INTO payloads (id, data) VALUES (@id, @data)", "@id", "@data");
        using DbTransaction transaction = _connection.BeginTransaction();
        insert.Transaction = transaction;
        foreach (PayloadRow row in rows)
        {
            insert.Parameters[0].Value = row.Id;
            insert.Parameters[1].Value = row.Data;
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
        insert.Transaction = null;
    }

    public override long ReadUser(long id)
    {
        DbCommand select = Command($"SELECT {UserColumns} FROM users WHERE id = @id", "@id");
        select.Parameters[0].Value = id;
        using DbDataReader reader = select.ExecuteReader();
        return reader.Read() ? ReadRow(reader).Age : -1;
    }

    public override int ReadUsers(long[] ids)
    {
        DbCommand select = Command(BulkReadSql, BulkReadParameters);
        for (int i = 0; i < ids.Length; i++)
        {
            select.Parameters[i].Value = ids[i];
        }

        return CountRows(select);
    }

    public override int ReadCreatedBetween(DateTime from, DateTime to)
    {
        DbCommand select = Command($"SELECT {UserColumns} FROM users WHERE created_at >= @from AND created_at < @to", "@from", "@to");
        select.Parameters[0].Value = from;
        select.Parameters[1].Value = to;
        return CountRows(select);
    }

    public override int SearchEmail(string suffix)
    {
        DbCommand select = Command($"SELECT {UserColumns} FROM users WHERE email LIKE @pattern", "@pattern");
        select.Parameters[0].Value = "%" + suffix;
        return CountRows(select);
    }

    public override long CountUsers()
    {
        DbCommand count = Command("SELECT COUNT(*) FROM users");
        return Convert.ToInt64(count.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
    }

    public override int CountByAge()
    {
        DbCommand select = Command("SELECT age, COUNT(*) FROM users GROUP BY age");
        using DbDataReader reader = select.ExecuteReader();
        int groups = 0;
        long total = 0;
        while (reader.Read())
        {
            total += reader.GetInt64(1);
            groups++;
        }

        return total > 0 ? groups : -1;
    }

    public override long RankWithinPartitions()
    {
        DbCommand select = Command(
            "SELECT id, sum(age) OVER w AS running, rank() OVER w AS r FROM users WINDOW w AS (PARTITION BY active ORDER BY age)");
        using DbDataReader reader = select.ExecuteReader();
        long sum = 0;
        while (reader.Read())
        {
            sum += reader.GetInt64(2) + reader.GetInt64(1);
        }

        return sum;
    }

    // A recursive CTE: each step finds a node's children by a rowid range.
    public override long TreeWalk(long nodes)
    {
        DbCommand walk = Command(
            "WITH RECURSIVE walk(id, depth) AS (SELECT 1, 0 UNION ALL " +
            "SELECT u.id, walk.depth + 1 FROM walk JOIN users u ON u.id BETWEEN walk.id * 2 AND walk.id * 2 + 1 WHERE u.id <= @nodes) " +
            "SELECT count(*) FROM walk",
            "@nodes");
        walk.Parameters[0].Value = nodes;
        return Convert.ToInt64(walk.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture);
    }

    public override int JoinOrders(long fromId, long toId)
    {
        DbCommand select = Command(
            "SELECT u.name, o.amount FROM users u JOIN orders o ON o.user_id = u.id WHERE u.id >= @from AND u.id < @to",
            "@from",
            "@to");
        select.Parameters[0].Value = fromId;
        select.Parameters[1].Value = toId;
        using DbDataReader reader = select.ExecuteReader();
        int rows = 0;
        while (reader.Read())
        {
            _ = reader.GetString(0);
            _ = reader.GetDouble(1);
            rows++;
        }

        return rows;
    }

    public override void UpdateAge(long id, int age)
    {
        DbCommand update = Command("UPDATE users SET age = @age WHERE id = @id", "@age", "@id");
        update.Parameters[0].Value = age;
        update.Parameters[1].Value = id;
        update.ExecuteNonQuery();
    }

    public override void DeleteUser(long id)
    {
        DbCommand delete = Command("DELETE FROM users WHERE id = @id", "@id");
        delete.Parameters[0].Value = id;
        delete.ExecuteNonQuery();
    }

    public override int ReadPayload(long id)
    {
        DbCommand select = Command("SELECT data FROM payloads WHERE id = @id", "@id");
        select.Parameters[0].Value = id;
        using DbDataReader reader = select.ExecuteReader();
        return reader.Read() ? ((byte[])reader.GetValue(0)).Length : -1;
    }

    public override void Dispose()
    {
        foreach (DbCommand command in _commands.Values)
        {
            command.Dispose();
        }

        _commands.Clear();
        _connection.Dispose();
    }

    private static readonly string[] BulkReadParameters = Enumerable.Range(0, 100).Select(i => "@k" + i).ToArray();

    private DbCommand InsertUserCommand() => Command(
        $"INSERT INTO users ({UserColumns}) VALUES (@id, @name, @email, @age, @created, @active)",
        "@id",
        "@name",
        "@email",
        "@age",
        "@created",
        "@active");

    private static void BindUser(DbCommand insert, UserRow row)
    {
        insert.Parameters[0].Value = row.Id;
        insert.Parameters[1].Value = row.Name;
        insert.Parameters[2].Value = row.Email;
        insert.Parameters[3].Value = row.Age;
        insert.Parameters[4].Value = row.CreatedAt;
        insert.Parameters[5].Value = row.Active;
    }

    private static UserRow ReadRow(DbDataReader reader) => new()
    {
        Id = reader.GetInt64(0),
        Name = reader.GetString(1),
        Email = reader.GetString(2),
        Age = (int)reader.GetInt64(3),
        CreatedAt = reader.GetDateTime(4),
        Active = reader.GetBoolean(5),
    };

    private static int CountRows(DbCommand select)
    {
        using DbDataReader reader = select.ExecuteReader();
        int rows = 0;
        while (reader.Read())
        {
            _ = ReadRow(reader);
            rows++;
        }

        return rows;
    }

    /// <summary>The prepared command for a text, created and prepared on first use.</summary>
    private DbCommand Command(string sql, params ReadOnlySpan<string> parameterNames)
    {
        if (_commands.TryGetValue(sql, out DbCommand? command))
        {
            return command;
        }

        command = _connection.CreateCommand();
        command.CommandText = sql;
        foreach (string name in parameterNames)
        {
            DbParameter parameter = command.CreateParameter();
            parameter.ParameterName = name;
            parameter.Value = DBNull.Value;
            command.Parameters.Add(parameter);
        }

        command.Prepare();
        _commands.Add(sql, command);
        return command;
    }
}
