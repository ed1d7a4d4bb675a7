// CREATE/DROP/ALTER of tables, indexes and views parse into the expected AST,
// and declared types keep their text and get SQLite's affinity.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class SchemaParsingTests
{
    [Fact]
    public void CreateTableWithColumnAndTableConstraints()
    {
        var create = One<CreateTableStatement>(
            """
            CREATE TABLE IF NOT EXISTS people (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name VARCHAR(30) NOT NULL UNIQUE,
                score DECIMAL(10, 2) DEFAULT -1.5 CHECK (score >= 0),
                born DATETIME DEFAULT CURRENT_TIMESTAMP,
                active BOOLEAN DEFAULT TRUE,
                data BLOB NULL,
                nick TEXT COLLATE NOCASE DEFAULT ('x' || 'y'),
                untyped,
                CONSTRAINT pk PRIMARY KEY (id, name DESC),
                UNIQUE (name COLLATE NOCASE),
                CHECK (id > 0)
            )
            """);

        Assert.True(create.IfNotExists);
        Assert.Equal(new QualifiedName("people"), create.Name);
        Assert.Equal(
            new ColumnDefinition("id", Type("INTEGER", SqlTypeAffinity.Integer), [new PrimaryKeyColumnConstraint(null, SortDirection.Ascending, true, ConflictResolution.Default)]),
            create.Columns[0]);
        Assert.Equal(
            new ColumnDefinition("name", Type("VARCHAR(30)", SqlTypeAffinity.Text, 30), [new NotNullColumnConstraint(null, ConflictResolution.Default), new UniqueColumnConstraint(null, ConflictResolution.Default)]),
            create.Columns[1]);
        Assert.Equal(
            new ColumnDefinition("score", Type("DECIMAL(10, 2)", SqlTypeAffinity.Decimal, 10, 2), [
                new DefaultColumnConstraint(null, new RealLiteral(-1.5)),
                new CheckColumnConstraint(null, Bin(BinaryOperator.GreaterOrEqual, Col("score"), Int(0)))]),
            create.Columns[2]);
        Assert.Equal(new DefaultColumnConstraint(null, new CurrentTimeLiteral(CurrentTimeKind.Timestamp)), create.Columns[3].Constraints[0]);
        Assert.Equal(SqlTypeAffinity.DateTime, create.Columns[3].Type!.Affinity);
        Assert.Equal(SqlTypeAffinity.Boolean, create.Columns[4].Type!.Affinity);
        Assert.Equal(new NullColumnConstraint(null), create.Columns[5].Constraints[0]);
        Assert.Equal(
            [new CollateColumnConstraint(null, "NOCASE"), new DefaultColumnConstraint(null, Bin(BinaryOperator.Concat, Str("x"), Str("y")))],
            create.Columns[6].Constraints);
        Assert.Equal(new ColumnDefinition("untyped", null, []), create.Columns[7]);
        Assert.Equal(
            [
                new PrimaryKeyTableConstraint("pk", [new IndexedColumn("id", null, SortDirection.Ascending), new IndexedColumn("name", null, SortDirection.Descending)], ConflictResolution.Default),
                new UniqueTableConstraint(null, [new IndexedColumn("name", "NOCASE", SortDirection.Ascending)], ConflictResolution.Default),
                new CheckTableConstraint(null, Bin(BinaryOperator.Greater, Col("id"), Int(0))),
            ],
            create.Constraints);
    }

    [Theory]
    [InlineData("INTEGER", SqlTypeAffinity.Integer)]
    [InlineData("INT", SqlTypeAffinity.Integer)]
    [InlineData("BIGINT", SqlTypeAffinity.Integer)]
    [InlineData("UNSIGNED BIG INT", SqlTypeAffinity.Integer)]
    [InlineData("REAL", SqlTypeAffinity.Real)]
    [InlineData("FLOAT", SqlTypeAffinity.Real)]
    [InlineData("DOUBLE PRECISION", SqlTypeAffinity.Real)]
    [InlineData("TEXT", SqlTypeAffinity.Text)]
    [InlineData("VARCHAR(255)", SqlTypeAffinity.Text)]
    [InlineData("NVARCHAR(10)", SqlTypeAffinity.Text)]
    [InlineData("CLOB", SqlTypeAffinity.Text)]
    [InlineData("BLOB", SqlTypeAffinity.Blob)]
    [InlineData("BOOLEAN", SqlTypeAffinity.Boolean)]
    [InlineData("BOOL", SqlTypeAffinity.Boolean)]
    [InlineData("DATETIME", SqlTypeAffinity.DateTime)]
    [InlineData("DATE", SqlTypeAffinity.DateTime)]
    [InlineData("DECIMAL(10,5)", SqlTypeAffinity.Decimal)]
    [InlineData("NUMERIC", SqlTypeAffinity.Numeric)]
    [InlineData("SIGNED", SqlTypeAffinity.Numeric)]
    [InlineData("STRING", SqlTypeAffinity.Numeric)]
    public void DeclaredTypesKeepTextAndGetAffinity(string type, object expectedAffinity)
    {
        var affinity = (SqlTypeAffinity)expectedAffinity;
        var create = One<CreateTableStatement>($"CREATE TABLE t (c {type})");

        Assert.Equal(type, create.Columns[0].Type!.Text);
        Assert.Equal(affinity, create.Columns[0].Type!.Affinity);
    }

    [Fact]
    public void SignedDefaultsFoldIntoLiterals()
    {
        var create = One<CreateTableStatement>("CREATE TABLE t (a INT DEFAULT -9223372036854775808, b INT DEFAULT -0x10, c INT DEFAULT +7, d TEXT DEFAULT hello)");

        Assert.Equal(
            [Int(long.MinValue), Int(-16), Int(7), Str("hello")],
            create.Columns.Select(c => ((DefaultColumnConstraint)c.Constraints[0]).Value));
    }

    [Fact]
    public void ForeignKeysKeepTheirActionsAndDeferral()
    {
        var create = One<CreateTableStatement>(
            "CREATE TABLE c (a REFERENCES p ON UPDATE CASCADE ON DELETE SET NULL ON DELETE RESTRICT, b, " +
            "CONSTRAINT k FOREIGN KEY (a, b) REFERENCES q (x, y) MATCH SIMPLE DEFERRABLE INITIALLY DEFERRED)");

        var column = (ForeignKeyColumnConstraint)create.Columns[0].Constraints[0];
        Assert.Equal(new ForeignKeyClause("p", SqlList<string>.Empty, ForeignKeyAction.Restrict, ForeignKeyAction.Cascade, null, null, null), column.References);
        Assert.False(column.References.IsDeferred);

        var table = (ForeignKeyTableConstraint)create.Constraints[0];
        Assert.Equal("k", table.Name);
        Assert.Equal(["a", "b"], table.Columns);
        Assert.Equal(new ForeignKeyClause("q", new SqlList<string>(["x", "y"]), null, null, "SIMPLE", true, true), table.References);
        Assert.True(table.References.IsDeferred);
    }

    [Theory]
    [InlineData("CREATE TABLE c (a REFERENCES)")]
    [InlineData("CREATE TABLE c (a, FOREIGN KEY a REFERENCES p)")]
    [InlineData("CREATE TABLE c (a REFERENCES p ON DELETE NOTHING)")]
    [InlineData("CREATE TABLE c (a REFERENCES p INITIALLY DEFERRED)")]
    public void MalformedForeignKeysAreSyntaxErrors(string sql) =>
        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseStatement(sql));

    [Fact]
    public void CreateTempTableAsSelect()
    {
        var create = One<CreateTableStatement>("CREATE TEMP TABLE t2 AS SELECT a FROM t1");

        Assert.True(create.Temporary);
        Assert.Empty(create.Columns);
        Assert.Equal(Query(Core([Column(Col("a"))], Table("t1"))), create.AsSelect);
    }

    [Fact]
    public void DropStatements()
    {
        Assert.Equal(new DropTableStatement(new QualifiedName("t"), true), One<DropTableStatement>("DROP TABLE IF EXISTS t"));
        Assert.Equal(new DropTableStatement(new QualifiedName("t"), false), One<DropTableStatement>("DROP TABLE t"));
        Assert.Equal(new DropIndexStatement(new QualifiedName("i"), false), One<DropIndexStatement>("DROP INDEX i"));
        Assert.Equal(new DropViewStatement(new QualifiedName("v"), true), One<DropViewStatement>("DROP VIEW IF EXISTS v"));
    }

    [Fact]
    public void AlterTableVariants()
    {
        var t = new QualifiedName("t");
        Assert.Equal(new RenameTableStatement(t, "u"), One<AlterTableStatement>("ALTER TABLE t RENAME TO u"));
        Assert.Equal(new RenameColumnStatement(t, "a", "b"), One<AlterTableStatement>("ALTER TABLE t RENAME COLUMN a TO b"));
        Assert.Equal(new RenameColumnStatement(t, "a", "b"), One<AlterTableStatement>("ALTER TABLE t RENAME a TO b"));
        Assert.Equal(
            new AddColumnStatement(t, new ColumnDefinition("c", Type("TEXT", SqlTypeAffinity.Text), [new DefaultColumnConstraint(null, Str("x"))])),
            One<AlterTableStatement>("ALTER TABLE t ADD COLUMN c TEXT DEFAULT 'x'"));
        Assert.Equal(new AddColumnStatement(t, new ColumnDefinition("c", null, [])), One<AlterTableStatement>("ALTER TABLE t ADD c"));
        Assert.Equal(new DropColumnStatement(t, "c"), One<AlterTableStatement>("ALTER TABLE t DROP COLUMN c"));
    }

    [Fact]
    public void CreateIndexVariants()
    {
        Assert.Equal(
            new CreateIndexStatement(new QualifiedName("idx"), "tab3", true, false,
                [new IndexedColumn("col3", null, SortDirection.Descending), new IndexedColumn("col0", null, SortDirection.Descending)], null),
            One<CreateIndexStatement>("CREATE UNIQUE INDEX idx ON tab3 (col3 DESC,col0 DESC)"));
        Assert.Equal(
            new CreateIndexStatement(new QualifiedName("i"), "t", false, true, [new IndexedColumn("a", null, SortDirection.Ascending)], Bin(BinaryOperator.Greater, Col("a"), Int(0))),
            One<CreateIndexStatement>("create index if not exists i on t(a ASC) where a > 0"));
    }

    [Fact]
    public void IndexKeysAreColumnsOrExpressions()
    {
        var index = One<CreateIndexStatement>("CREATE INDEX i ON t ('a', b COLLATE nocase, lower(c) COLLATE nocase DESC, t.d, (e))");
        Assert.Equal(new IndexedColumn("a", null, SortDirection.Ascending), index.Columns[0]);
        Assert.Equal(new IndexedColumn("b", "nocase", SortDirection.Ascending), index.Columns[1]);
        Assert.Equal(new IndexedColumn("lower(c)", "nocase", SortDirection.Descending) { Expression = new FunctionCallExpression("lower", [Col("c")], false, false) }, index.Columns[2]);
        Assert.Equal(Col("d", "t"), index.Columns[3].Expression);
        Assert.Equal(new IndexedColumn("e", null, SortDirection.Ascending), index.Columns[4]);

        var upsert = One<InsertStatement>("INSERT INTO t VALUES (1) ON CONFLICT (lower(a), b) WHERE b > 0 DO NOTHING");
        Assert.Equal(new FunctionCallExpression("lower", [Col("a")], false, false), upsert.Upserts[0].Target[0].Expression);
        Assert.Null(upsert.Upserts[0].Target[1].Expression);
    }

    [Theory]
    [InlineData("CREATE TABLE t (a, PRIMARY KEY (a + 1))")]
    [InlineData("CREATE TABLE t (a, UNIQUE (a, lower(a)))")]
    public void PrimaryKeyAndUniqueNameColumnsOnly(string sql)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse(sql));
        Assert.Contains("expressions prohibited in PRIMARY KEY and UNIQUE constraints", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void CreateTriggerKeepsItsPartsAndTheTextOfWhenAndBody()
    {
        var trigger = One<CreateTriggerStatement>(
            "CREATE TRIGGER IF NOT EXISTS tr UPDATE OF a ON t WHEN new.a  > 1 BEGIN UPDATE u SET n = n + 1 ;  DELETE FROM w; END");

        Assert.True(trigger.IfNotExists);
        Assert.Equal(TriggerTiming.Before, trigger.Timing);
        Assert.Equal(TriggerEvent.Update, trigger.Event);
        Assert.Equal(["a"], trigger.UpdateColumns);
        Assert.Equal("t", trigger.Table.Name);
        Assert.False(trigger.ForEachRow);
        Assert.Equal("new.a  > 1", trigger.WhenSql);
        Assert.Equal("UPDATE u SET n = n + 1 ;  DELETE FROM w;", trigger.BodySql);
        Assert.Collection(trigger.Body, s => Assert.IsType<UpdateStatement>(s), s => Assert.IsType<DeleteStatement>(s));
        var select = (SelectStatement)One<CreateTriggerStatement>("CREATE TRIGGER r AFTER DELETE ON t BEGIN SELECT RAISE(FAIL, 'x'); END").Body[0];
        var raise = Assert.IsType<RaiseExpression>(((ExpressionColumn)((SelectCore)select.First).Columns[0]).Expression);
        Assert.Equal(RaiseKind.Fail, raise.Kind);
    }

    [Theory]
    [InlineData("CREATE TRIGGER r AFTER INSERT ON t BEGIN INSERT INTO main.u VALUES (1); END", "qualified table names are not allowed")]
    [InlineData("CREATE TRIGGER r AFTER INSERT ON t BEGIN DELETE FROM u INDEXED BY i; END", "the INDEXED BY clause is not allowed")]
    [InlineData("CREATE TRIGGER r AFTER INSERT ON t BEGIN WITH c AS (SELECT 1) DELETE FROM u; END", "a WITH clause is not allowed")]
    [InlineData("CREATE TRIGGER r AFTER INSERT ON t BEGIN UPDATE u SET a = 1 RETURNING a; END", "cannot use RETURNING in a trigger")]
    [InlineData("CREATE TRIGGER r AFTER INSERT ON t BEGIN SELECT :p; END", "trigger cannot use variables")]
    [InlineData("SELECT RAISE(IGNORE)", "RAISE() may only be used within a trigger-program")]
    public void WhatTriggerBodiesMayNotHoldIsASyntaxError(string sql, string message)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse(sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void CreateViewKeepsQueryAndItsText()
    {
        var view = One<CreateViewStatement>("CREATE VIEW IF NOT EXISTS v (x, y) AS SELECT a, b  FROM t  -- comment after");

        Assert.True(view.IfNotExists);
        Assert.Equal(["x", "y"], view.Columns);
        Assert.Equal("SELECT a, b  FROM t", view.QuerySql);
        Assert.Equal(Query(Core([Column(Col("a")), Column(Col("b"))], Table("t"))), view.Query);
        Assert.True(One<CreateViewStatement>("CREATE TEMP VIEW v AS SELECT 1").Temporary);
    }
}
