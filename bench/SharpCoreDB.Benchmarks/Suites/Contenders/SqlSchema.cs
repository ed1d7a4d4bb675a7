// The schema both SQL contenders create: the same DDL text for SharpCoreDB and SQLite
// (SQLite accepts BOOLEAN and DATETIME as type names). created_at is indexed for the
// range scan, orders.user_id for the join (and the foreign key's child lookups); email is
// deliberately not indexed. orders.user_id is a foreign key, enforced by both (SQLite with
// Foreign Keys=True), and an AFTER INSERT trigger keeps each user's order count and total in
// user_stats, the shape of a counter an application maintains in the database.
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

internal static class SqlSchema
{
    public static readonly string[] Statements =
    [
        "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, age INTEGER NOT NULL, created_at DATETIME NOT NULL, active BOOLEAN NOT NULL)",
        "CREATE INDEX ix_users_created_at ON users (created_at)",
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (id), amount REAL NOT NULL)",
        "CREATE INDEX ix_orders_user_id ON orders (user_id)",
        "CREATE TABLE user_stats (user_id INTEGER PRIMARY KEY, orders INTEGER NOT NULL, total REAL NOT NULL)",
        "CREATE TRIGGER orders_counted AFTER INSERT ON orders BEGIN " +
            "INSERT INTO user_stats VALUES (new.user_id, 1, new.amount) " +
            "ON CONFLICT (user_id) DO UPDATE SET orders = orders + 1, total = total + excluded.total; END",
        "CREATE TABLE payloads (id INTEGER PRIMARY KEY, data BLOB NOT NULL)",
    ];

    public static void Create(AdoNetSession session)
    {
        foreach (string statement in Statements)
        {
            session.Execute(statement);
        }
    }
}
