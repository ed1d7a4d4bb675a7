// The session the issue asks for, run as a user would: a script on standard input
// creates a table, imports a generated CSV file of 100,000 rows (quoted fields with
// commas, line breaks and doubled quotes, NULLs and empty strings), and queries in
// every output mode; a second run reopens the file and reads the data back.
using System.Text;

namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class ImportAndModesTests() : TempDirectoryTests("scdb-cli-")
{
    internal const int Rows = 100_000;

    [Fact]
    [Trait("Category", "Slow")]
    public void ASessionImports100000RowsAndQueriesThemInEveryOutputMode()
    {
        WriteCsv(Dir.File("big.csv"));
        const string script = """
            CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, score REAL);
            INSERT INTO people VALUES (1, 'Ann', 9.5), (2, 'Bob "B"', NULL), (3, 'Cy, Jr', 7.0);
            .import big.csv items
            SELECT count(*) AS n, sum(id) AS total, count(note) AS notes FROM items;
            SELECT id, name, note FROM items WHERE id IN (7, 500, 1000) ORDER BY id;
            .mode csv
            SELECT * FROM people ORDER BY id;
            .mode json
            SELECT * FROM people ORDER BY id;
            .mode line
            SELECT * FROM people WHERE id <= 2 ORDER BY id;

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal("", run.Errors);
        Assert.Equal(0, run.ExitCode);
        const string table = """
            n      | total      | notes
            -------+------------+------
            100000 | 5000050000 | 85743
            (1 row)
            id   | name     | note
            -----+----------+----------------------
               7 | name7    | NULL
             500 | name500  |
            1000 | name1000 | line1↵line2, "quoted"
            (3 rows)

            """;
        const string csv = "id,name,score\r\n1,Ann,9.5\r\n2,\"Bob \"\"B\"\"\",\r\n3,\"Cy, Jr\",7.0\r\n";
        const string json = """
            [
              {"id": 1, "name": "Ann", "score": 9.5},
              {"id": 2, "name": "Bob \"B\"", "score": null},
              {"id": 3, "name": "Cy, Jr", "score": 7}
            ]

            """;
        const string line = """
               id = 1
             name = Ann
            score = 9.5

               id = 2
             name = Bob "B"
            score = NULL

            (2 rows)

            """;
        Assert.Equal(table + csv + json + line, run.Output);

        // Reopened by a new process: the imported rows are in the file, the quoted field intact.
        ShellRun reopened = ShellProcess.Run(Dir.Path, "", "-json", "app.scdb",
            "SELECT count(*) AS n FROM items", "SELECT note FROM items WHERE id = 1000");
        Assert.Equal(0, reopened.ExitCode);
        Assert.Equal("[\n  {\"n\": 100000}\n]\n[\n  {\"note\": \"line1\\nline2, \\\"quoted\\\"\"}\n]\n", reopened.Output);
    }

    // Every 7th row has an unquoted empty note (NULL), every 500th a quoted empty one (''), every 1000th a quoted
    // note with a line break, a comma and doubled quotes.
    private static void WriteCsv(string path)
    {
        var text = new StringBuilder("id,name,score,note\r\n");
        for (int i = 1; i <= Rows; i++)
        {
            string note = i % 1000 == 0 ? "\"line1\nline2, \"\"quoted\"\"\"" : i % 500 == 0 ? "\"\"" : i % 7 == 0 ? "" : "n" + i;
            text.Append(i).Append(",name").Append(i).Append(',').Append(i / 2.0).Append(',').Append(note).Append("\r\n");
        }

        File.WriteAllText(path, text.ToString());
    }
}
