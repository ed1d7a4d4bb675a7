// Reading json_each or json_tree (Execution/Operators/JsonTableSource): once per outer
// row, with an assumed size, since the number of elements is known only when it runs.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>Reading a JSON table-valued function.</summary>
internal sealed class JsonTablePath(RowSource source, double outerRows) : AccessPath
{
    private const double AssumedRows = 25;

    public override RowSource Source => source;

    public override double Cost => outerRows * AssumedRows;

    public override double Rows => AssumedRows;
}
