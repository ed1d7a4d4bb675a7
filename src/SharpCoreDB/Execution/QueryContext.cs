// Everything a compiled statement needs while it runs: the pages it reads (a
// snapshot or the write transaction), the parameter values, the cancellation
// token and an execution counter that lets uncorrelated subqueries compute their
// result once per execution.
using SharpCoreDB.Execution.Spill;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>The run-time state shared by every operator and evaluator of one statement.</summary>
internal sealed class QueryContext
{
    private readonly Dictionary<uint, BTree> _trees = [];
    private readonly List<IDisposable> _spillFiles = [];
    private IPageAccess? _pages;
    private ConnectionCounters? _counters;

    public QueryContext(StorageEngine? storage) => Storage = storage;

    public StorageEngine? Storage { get; }

    public IPageAccess Pages => _pages ?? throw new InvalidOperationException("The statement is not running.");

    public WriteTransaction? Writer => _pages as WriteTransaction;

    public DbValue[] Parameters { get; private set; } = [];

    public CancellationToken Token { get; private set; }

    /// <summary>Changes with every execution (and every outer row for correlated work).</summary>
    public long Generation { get; private set; }

    /// <summary>The statement's start time (CURRENT_TIMESTAMP is the same throughout a statement).</summary>
    public DateTime Now { get; private set; }

    /// <summary>The connection's foreign key state while a write statement runs with keys enforced; null otherwise.</summary>
    public ForeignKeys.ForeignKeyState? ForeignKeys { get; set; }

    /// <summary>The connection's trigger state while a write statement runs (triggers fire only when it is set).</summary>
    public Triggers.TriggerState? Triggers { get; set; }

    /// <summary>The connection's write counters (changes(), last_insert_rowid()); in a trigger body, those of its trigger state.</summary>
    public ConnectionCounters? Counters
    {
        get => _counters ?? Triggers?.Counters;
        set => _counters = value;
    }

    /// <summary>The spill threshold of a database opened without one (DatabaseOptions.SpillThresholdRows).</summary>
    public const int DefaultSpillThresholdRows = 200_000;

    /// <summary>Rows a sort or aggregation may hold in memory before spilling to a temporary file.</summary>
    public int SpillThresholdRows { get; set; } = DefaultSpillThresholdRows;

    public void Begin(IPageAccess pages, DbValue[] parameters, CancellationToken token)
    {
        _pages = pages;
        Parameters = parameters;
        Token = token;
        Generation++;
        Now = DateTime.UtcNow;
    }

    public void End()
    {
        _pages = null;
        ForeignKeys = null;
        Triggers = null;
        _counters = null;

        // A statement that failed halfway (an I/O error, a cancellation) may not have closed
        // every operator, and a subquery's plan is closed only when it runs to its end: the
        // temporary files of their sorts are deleted here, so none outlives its statement.
        foreach (IDisposable file in _spillFiles)
        {
            file.Dispose();
        }

        _spillFiles.Clear();
    }

    /// <summary>
    /// A new temporary file for rows that outgrow memory, beside the database (the temporary directory for
    /// an in-memory one), sealed like the database's pages when it is encrypted, and deleted when the
    /// statement ends even if its operator never closes it.
    /// </summary>
    public SpillFile CreateSpillFile()
    {
        StorageEngine storage = Storage ?? throw new InvalidOperationException("Spilling needs the database's storage.");
        string directory = storage.Path is { } path ? System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(path))! : System.IO.Path.GetTempPath();
        var file = new SpillFile(storage.FileSystem, directory, storage.Encryption);
        _spillFiles.Add(file);
        return file;
    }

    /// <summary>
    /// The B+tree rooted at <paramref name="root"/>, reading through this execution's pages. The tree objects
    /// are kept across executions of the statement and bound to each execution's transaction or snapshot:
    /// the context belongs to one compiled statement, compiled against one catalog, so a root page keeps
    /// rooting the same tree for as long as the context lives.
    /// </summary>
    public BTree Tree(uint root, CollatedKeyOrder? keyOrder = null)
    {
        IPageAccess pages = Pages;
        if (!_trees.TryGetValue(root, out BTree? tree) || (keyOrder is not null && tree.KeyOrder is null))
        {
            // An index in a collated order is searched with it; counting its entries needs none.
            tree = BTree.Open(pages, root, keyOrder);
            _trees[root] = tree;
        }
        else
        {
            tree.Rebind(pages);
        }

        return tree;
    }

    /// <summary>
    /// Throws Misuse when the transaction the statement reads from has ended (a COMMIT or ROLLBACK ran while its
    /// rows were still being read): the page bodies its operators hold may have been reused since (IPageAccess).
    /// </summary>
    public void CheckTransactionOpen()
    {
        if (_pages is { IsOpen: false })
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Misuse,
                "The transaction this result was reading from has ended (COMMIT or ROLLBACK ran while it was open): "
                + "read every row before ending the transaction, or read them outside it.");
        }
    }

    /// <summary>Throws Cancelled when the token has fired.</summary>
    public void CheckCancelled()
    {
        if (Token.IsCancellationRequested)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Cancelled, "The statement was cancelled.");
        }
    }
}
