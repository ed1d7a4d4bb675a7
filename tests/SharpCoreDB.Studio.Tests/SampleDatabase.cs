// The databases the tests open: a small library (authors, books with a CHECK and a
// foreign key, an index on year, a view, a trigger writing an audit table), the same
// encrypted, and a table of a million rows for paging.
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Tests;

public static class SampleDatabase
{
    public const string Password = "correct horse battery staple";

    /// <summary>Creates the library in <paramref name="file"/> with <paramref name="books"/> books (at least the seven named ones).</summary>
    public static string CreateLibrary(string file, int books = 7, string? password = null)
    {
        using var connection = new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = file, Password = password, Pooling = false });
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = """
            CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, born INTEGER);
            CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES authors(id),
                year INTEGER CHECK (year > 0), price REAL);
            CREATE INDEX books_year ON books(year);
            CREATE VIEW recent_books AS SELECT title, year FROM books WHERE year > 1980;
            CREATE TABLE audit (at TEXT, what TEXT);
            CREATE TRIGGER books_audit AFTER INSERT ON books BEGIN INSERT INTO audit VALUES ('insert', NEW.title); END;
            INSERT INTO authors (name, born) VALUES ('Frank Herbert', 1920), ('William Gibson', 1948),
                ('Neal Stephenson', 1959), ('Ursula K. Le Guin', 1929);
            INSERT INTO books (title, author_id, year, price) VALUES ('Dune', 1, 1965, 9.99), ('Neuromancer', 2, 1984, 8.5),
                ('Snow Crash', 3, 1992, NULL), ('The Left Hand of Darkness', 4, 1969, 7.25), ('Count Zero', 2, 1986, 6.0),
                ('Cryptonomicon', 3, 1999, 12.0), ('The Dispossessed', 4, 1974, 7.75);
            """;
        command.ExecuteNonQuery();
        if (books > 7)
        {
            command.CommandText = """
                WITH RECURSIVE n(i) AS (SELECT 8 UNION ALL SELECT i + 1 FROM n WHERE i < @books)
                INSERT INTO books (title, author_id, year, price) SELECT 'Volume ' || i, 1 + i % 4, 1900 + i % 120, i * 0.25 FROM n
                """;
            command.Parameters.AddWithValue("@books", books);
            command.ExecuteNonQuery();
        }

        return file;
    }

    /// <summary>Creates table big (id INTEGER PRIMARY KEY, name TEXT indexed, score REAL) with <paramref name="rows"/> rows.</summary>
    public static string CreateBig(string file, int rows)
    {
        using var connection = new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = file, Pooling = false });
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = """
            CREATE TABLE big (id INTEGER PRIMARY KEY, name TEXT, score REAL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @rows)
            INSERT INTO big (name, score) SELECT CASE WHEN i % 10 = 0 THEN NULL ELSE 'name ' || (i % 1000) END, (i * 7919) % 100003 FROM n;
            CREATE INDEX big_name ON big(name);
            """;
        command.Parameters.AddWithValue("@rows", rows);
        command.ExecuteNonQuery();
        return file;
    }

    /// <summary>A scalar read through a new connection of the test's own.</summary>
    public static object? Scalar(string file, string sql, string? password = null)
    {
        using var connection = new SharpCoreDBConnection(new SharpCoreDBOptions { DataSource = file, Password = password, Pooling = false });
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }
}
