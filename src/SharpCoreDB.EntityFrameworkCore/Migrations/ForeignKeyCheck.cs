// The foreign key check that ends a migration which rebuilt tables. Such a migration runs
// with foreign keys off, so a copied row whose parent is missing (a key added to a table
// holding orphans, a column changed so that values no longer match) or a data operation
// that left children without their parent would otherwise stay unnoticed. In plain SQL, so
// that a script does the same as Migrate(): a scratch table with one CHECK per foreign key
// receives the count of each key's orphans (keys numbered in the order checked); a count above zero fails the CHECK, whose name
// says which key and which tables, and the migration's transaction is rolled back. On
// success the scratch table is dropped in the same transaction.
//
// An orphan is what the engine's PRAGMA foreign_key_check finds: a child row whose key
// columns are all non-NULL and match no parent row.
using System.Text;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations.Operations;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Migrations;

internal static class ForeignKeyCheck
{
    /// <summary>The scratch table the counts go into.</summary>
    public const string TableName = "ef_foreign_key_check";

    /// <summary>
    /// The statements checking every foreign key from or to a rebuilt table, and from or to a table the migration's data
    /// operations wrote; none when there is no such key.
    /// </summary>
    public static IEnumerable<MigrationOperation> For(IEnumerable<ITable> rebuilt, IEnumerable<ITable> written, ISqlGenerationHelper sql)
    {
        var keys = new List<IForeignKeyConstraint>();
        foreach (ITable table in rebuilt.Concat(written))
        {
            foreach (IForeignKeyConstraint key in table.ForeignKeyConstraints.Concat(table.ReferencingForeignKeyConstraints))
            {
                if (!keys.Contains(key) && !key.Table.IsExcludedFromMigrations && !key.PrincipalTable.IsExcludedFromMigrations)
                {
                    keys.Add(key);
                }
            }
        }

        if (keys.Count == 0)
        {
            yield break;
        }

        string scratch = sql.DelimitIdentifier(TableName);
        var create = new StringBuilder("CREATE TABLE ").Append(scratch).Append(" (\"Key\" INTEGER NOT NULL, \"Orphans\" INTEGER NOT NULL");
        for (int k = 0; k < keys.Count; k++)
        {
            IForeignKeyConstraint key = keys[k];
            string message = $"foreign key {key.Name}: rows of {key.Table.Name} whose {string.Join(", ", key.Columns.Select(c => c.Name))} "
                + $"match no row of {key.PrincipalTable.Name}";
            create.Append(", CONSTRAINT ").Append(sql.DelimitIdentifier(message))
                .Append(" CHECK (\"Key\" <> ").Append(k).Append(" OR \"Orphans\" = 0)");
        }

        yield return new SqlOperation { Sql = create.Append(')').Append(sql.StatementTerminator).ToString() };
        for (int k = 0; k < keys.Count; k++)
        {
            yield return new SqlOperation { Sql = $"INSERT INTO {scratch} (\"Key\", \"Orphans\") SELECT {k}, count(*) FROM {Orphans(keys[k], sql)}{sql.StatementTerminator}" };
        }

        yield return new DropTableOperation { Name = TableName };
    }

    // FROM clause and WHERE of the child rows with a complete key and no parent row.
    private static string Orphans(IForeignKeyConstraint key, ISqlGenerationHelper sql)
    {
        var text = new StringBuilder(sql.DelimitIdentifier(key.Table.Name)).Append(" AS c WHERE ");
        foreach (IColumn column in key.Columns)
        {
            text.Append("c.").Append(sql.DelimitIdentifier(column.Name)).Append(" IS NOT NULL AND ");
        }

        text.Append("NOT EXISTS (SELECT 1 FROM ").Append(sql.DelimitIdentifier(key.PrincipalTable.Name)).Append(" AS p WHERE ");
        for (int i = 0; i < key.Columns.Count; i++)
        {
            text.Append(i == 0 ? "" : " AND ").Append("p.").Append(sql.DelimitIdentifier(key.PrincipalColumns[i].Name))
                .Append(" = c.").Append(sql.DelimitIdentifier(key.Columns[i].Name));
        }

        return text.Append(')').ToString();
    }
}
