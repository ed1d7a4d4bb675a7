// Compiles statements for a session: SELECT and DML into plans, EXPLAIN into
// the plan's description; everything else needs no plan.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Engine;

/// <summary>Statement to CompiledStatement.</summary>
internal static class StatementCompiler
{
    public static CompiledStatement Compile(Statement statement, SchemaCatalog catalog, StorageEngine storage, IPageAccess pages, int spillRows,
        UserFunctions? functions = null)
    {
        var context = new QueryContext(storage) { SpillThresholdRows = spillRows };
        var planning = new PlanningContext(catalog, context) { Functions = functions ?? new() };
        planning.Selects.EstimateRows = table => Estimate(pages, table);
        switch (statement)
        {
            case SelectStatement select:
                {
                    SelectPlan plan = planning.Selects.Plan(select, null);
                    return new CompiledStatement { Catalog = catalog, Context = context, Select = plan, Columns = Describe(plan.Columns), Parameters = planning.Parameters };
                }

            case InsertStatement or UpdateStatement or DeleteStatement:
                {
                    var dml = new DmlPlanner(planning);
                    WithClause? with = statement switch
                    {
                        InsertStatement insert => insert.With,
                        UpdateStatement update => update.With,
                        _ => ((DeleteStatement)statement).With,
                    };
                    using Planning.Ctes.CommonTables.Restore restore = planning.Ctes.Enter(with, statement, null);
                    IWritePlan plan = dml.PlanWrite(statement);
                    return new CompiledStatement { Catalog = catalog, Context = context, Dml = plan, Columns = Describe(plan.ReturningColumns), Parameters = planning.Parameters };
                }

            case ExplainStatement explain:
                {
                    var lines = new List<string>();
                    CompiledStatement inner = Compile(explain.Statement, catalog, storage, pages, spillRows, functions);
                    if (inner.Select is not null)
                    {
                        inner.Select.Root.Explain(lines, 0);
                    }
                    else if (inner.Dml is not null)
                    {
                        inner.Dml.Explain(lines);
                    }
                    else
                    {
                        lines.Add(explain.Statement.GetType().Name.Replace("Statement", string.Empty, StringComparison.Ordinal).ToUpperInvariant());
                    }

                    return new CompiledStatement
                    {
                        Catalog = catalog,
                        Context = context,
                        ExplainLines = lines,
                        Columns = [ColumnDescription.Computed("detail", SqlTypeAffinity.Text)],
                        Parameters = inner.Parameters,
                    };
                }

            case PragmaStatement pragma:
                return new CompiledStatement { Catalog = catalog, Context = context, Columns = PragmaRunner.Columns(pragma), Parameters = [] };
            default:
                return new CompiledStatement { Catalog = catalog, Context = context, Columns = [], Parameters = [] };
        }
    }

    public static IReadOnlyList<ColumnDescription> Describe(IReadOnlyList<OutputColumn> columns)
    {
        var result = new ColumnDescription[columns.Count];
        for (int i = 0; i < result.Length; i++)
        {
            OutputColumn c = columns[i];
            ColumnSchema? column = c.Column;
            bool isRowId = column is not null && c.Table!.RowIdColumn == column.Ordinal;

            // An INTEGER PRIMARY KEY (the rowid) is given the next id when an INSERT omits it, with or without
            // AUTOINCREMENT: to a DataTable or a command builder it is an auto-increment column.
            result[i] = new ColumnDescription(c.Name, c.DeclaredType, c.Affinity, c.Table?.Name, column?.Name,
                column?.IsPrimaryKey ?? false, column?.IsUnique ?? false, (column?.IsAutoIncrement ?? false) || isRowId,
                column is null || (!column.NotNull && !isRowId));
        }

        return result;
    }

    // ANALYZE's row count when there is one (as SQLite, the planner trusts it until the next ANALYZE), else an estimate from the tree's shape.
    private static long Estimate(IPageAccess pages, TableSchema table)
    {
        if (table.AnalyzedRows is long analyzed)
        {
            return analyzed;
        }

        try
        {
            return TableTree.Open(pages, table.RootPage).EstimateCount();
        }
        catch (SharpCoreDBException)
        {
            return 1000;
        }
    }
}
