// GetSchemaTable: the classic ADO.NET description of a result's columns, built
// from the engine's ColumnDescription (base table and column, key, unique,
// autoincrement, nullability), with the column names SchemaTableColumn defines.
using System.Data;
using System.Data.Common;
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

/// <summary>Builds the schema table of a reader's current result.</summary>
internal static class ReaderSchemaTable
{
    public static DataTable Build(IReadOnlyList<ColumnDescription> columns, SharpCoreDBDataReader reader)
    {
        var table = new DataTable("SchemaTable");
        DataColumn name = table.Columns.Add(SchemaTableColumn.ColumnName, typeof(string));
        DataColumn ordinal = table.Columns.Add(SchemaTableColumn.ColumnOrdinal, typeof(int));
        DataColumn size = table.Columns.Add(SchemaTableColumn.ColumnSize, typeof(int));
        DataColumn precision = table.Columns.Add(SchemaTableColumn.NumericPrecision, typeof(short));
        DataColumn scale = table.Columns.Add(SchemaTableColumn.NumericScale, typeof(short));
        DataColumn isUnique = table.Columns.Add(SchemaTableColumn.IsUnique, typeof(bool));
        DataColumn isKey = table.Columns.Add(SchemaTableColumn.IsKey, typeof(bool));
        DataColumn baseServer = table.Columns.Add(SchemaTableOptionalColumn.BaseServerName, typeof(string));
        DataColumn baseCatalog = table.Columns.Add(SchemaTableOptionalColumn.BaseCatalogName, typeof(string));
        DataColumn baseColumn = table.Columns.Add(SchemaTableColumn.BaseColumnName, typeof(string));
        DataColumn baseSchema = table.Columns.Add(SchemaTableColumn.BaseSchemaName, typeof(string));
        DataColumn baseTable = table.Columns.Add(SchemaTableColumn.BaseTableName, typeof(string));
        DataColumn dataType = table.Columns.Add(SchemaTableColumn.DataType, typeof(Type));
        DataColumn dataTypeName = table.Columns.Add("DataTypeName", typeof(string));
        DataColumn allowNull = table.Columns.Add(SchemaTableColumn.AllowDBNull, typeof(bool));
        DataColumn providerType = table.Columns.Add(SchemaTableColumn.ProviderType, typeof(int));
        DataColumn isAliased = table.Columns.Add(SchemaTableColumn.IsAliased, typeof(bool));
        DataColumn isExpression = table.Columns.Add(SchemaTableColumn.IsExpression, typeof(bool));
        DataColumn isAutoIncrement = table.Columns.Add(SchemaTableOptionalColumn.IsAutoIncrement, typeof(bool));
        DataColumn isRowVersion = table.Columns.Add(SchemaTableOptionalColumn.IsRowVersion, typeof(bool));
        DataColumn isHidden = table.Columns.Add(SchemaTableOptionalColumn.IsHidden, typeof(bool));
        DataColumn isLong = table.Columns.Add(SchemaTableColumn.IsLong, typeof(bool));
        DataColumn isReadOnly = table.Columns.Add(SchemaTableOptionalColumn.IsReadOnly, typeof(bool));
        DataColumn providerSpecific = table.Columns.Add(SchemaTableOptionalColumn.ProviderSpecificDataType, typeof(Type));

        for (int i = 0; i < columns.Count; i++)
        {
            ColumnDescription column = columns[i];
            Type type = reader.GetFieldType(i);
            DataRow row = table.NewRow();
            row[name] = column.Name;
            row[ordinal] = i;
            row[size] = -1;
            row[precision] = DBNull.Value;
            row[scale] = DBNull.Value;
            row[isUnique] = column.IsUnique || column.IsPrimaryKey;
            row[isKey] = column.IsPrimaryKey;
            row[baseServer] = DBNull.Value;
            row[baseCatalog] = column.BaseTable is null ? DBNull.Value : "main";
            row[baseColumn] = (object?)column.BaseColumn ?? DBNull.Value;
            row[baseSchema] = DBNull.Value;
            row[baseTable] = (object?)column.BaseTable ?? DBNull.Value;
            row[dataType] = type;
            row[dataTypeName] = reader.GetDataTypeName(i);
            row[allowNull] = column.AllowsNull;
            row[providerType] = (int)ColumnTypes.DbTypeOf(type);
            row[isAliased] = column.BaseColumn is not null && !string.Equals(column.BaseColumn, column.Name, StringComparison.OrdinalIgnoreCase);
            row[isExpression] = column.BaseColumn is null;
            row[isAutoIncrement] = column.IsAutoIncrement;
            row[isRowVersion] = false;
            row[isHidden] = false;
            row[isLong] = type == typeof(byte[]);
            row[isReadOnly] = column.BaseColumn is null;
            row[providerSpecific] = type;
            table.Rows.Add(row);
        }

        return table;
    }
}
