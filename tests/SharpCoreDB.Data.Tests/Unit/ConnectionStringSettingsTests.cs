// What the one table of connection string settings (ConnectionStringSettings)
// guarantees for every key, so that a setting added to it is checked without a new
// test: its names resolve to it alone, its values survive being written and read
// back, its default is the options' default (and the engine's, storage's and log's
// below them), and a bad value is refused naming the canonical key, by the builder
// and by Validate alike.
using System.Numerics;
using SharpCoreDB.Engine;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Data.Tests.Unit;

public sealed class ConnectionStringSettingsTests
{
    // Every setting away from its default (checked below, so a new setting must be added here).
    private static readonly SharpCoreDBOptions Changed = new()
    {
        DataSource = "other dir/other.scdb",
        Mode = SharpCoreDBOpenMode.ReadOnly,
        Password = "p;w='x\"",
        Durability = WalDurability.Async,
        UseGroupCommitWal = false,
        CacheSize = 3L << 20,
        PageSize = 16384,
        DefaultTimeout = 7,
        Pooling = false,
        KeyCacheTimeout = 30,
        PinFlushWorker = true,
        ForeignKeys = false,
    };

    public static TheoryData<string> Keys
    {
        get
        {
            var keys = new TheoryData<string>();
            foreach (string name in ConnectionStringSettings.Names)
            {
                keys.Add(name);
            }

            return keys;
        }
    }

    public static TheoryData<SharpCoreDBOptions, string> InvalidOptions => new()
    {
        { new SharpCoreDBOptions { DataSource = "a", Mode = (SharpCoreDBOpenMode)42 }, "Mode" },
        { new SharpCoreDBOptions { DataSource = "a", Durability = (WalDurability)42 }, "Durability" },
        { new SharpCoreDBOptions { DataSource = "a", CacheSize = -1 }, "Cache Size" },
        { new SharpCoreDBOptions { DataSource = "a", PageSize = 3000 }, "Page Size" },
        { new SharpCoreDBOptions { DataSource = "a", PageSize = 1 << 17 }, "Page Size" },
        { new SharpCoreDBOptions { DataSource = "a", DefaultTimeout = -1 }, "Default Timeout" },
        { new SharpCoreDBOptions { DataSource = "a", KeyCacheTimeout = -1 }, "Key Cache Timeout" },
    };

    [Fact]
    public void Every_name_and_alias_names_one_setting_and_the_builder_lists_them_in_order()
    {
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var builder = new SharpCoreDBConnectionStringBuilder();
        foreach (ConnectionStringSetting setting in ConnectionStringSettings.All)
        {
            foreach (string name in setting.Aliases.Prepend(setting.Name))
            {
                Assert.True(seen.Add(name), $"'{name}' names two settings");
                Assert.Same(setting, ConnectionStringSettings.Resolve(" " + name.ToUpperInvariant() + " "));
                Assert.True(builder.ContainsKey(name));
            }
        }

        Assert.Equal(ConnectionStringSettings.Names, builder.Keys.Cast<string>());
        Assert.Equal(ConnectionStringSettings.All.Select(setting => setting.Default), builder.Values.Cast<object>());
    }

    [Theory]
    [MemberData(nameof(Keys))]
    public void Every_key_round_trips_from_value_to_text_and_back(string key)
    {
        ConnectionStringSetting setting = ConnectionStringSettings.Resolve(key);
        Assert.NotEqual(setting.Default, setting.Get(Changed));
        foreach (SharpCoreDBOptions options in new[] { new SharpCoreDBOptions(), Changed })
        {
            object value = setting.Get(options);
            Assert.IsType(setting.ValueType, value);
            string text = setting.Format(options);

            var fromText = new SharpCoreDBConnectionStringBuilder { [key] = text };
            Assert.Equal(value, fromText[key]);
            Assert.Equal(text, setting.Format(fromText.ToOptionsUnvalidated()));

            var fromValue = new SharpCoreDBConnectionStringBuilder { [key] = value };
            var reparsed = new SharpCoreDBConnectionStringBuilder(fromValue.ConnectionString);
            Assert.Equal(value, reparsed[key]);
        }
    }

    [Theory]
    [MemberData(nameof(Keys))]
    public void Every_default_is_the_options_default_and_comes_back_when_the_key_is_removed(string key)
    {
        ConnectionStringSetting setting = ConnectionStringSettings.Resolve(key);
        Assert.Equal(setting.Get(new SharpCoreDBOptions()), setting.Default);
        Assert.Equal(setting.Default, new SharpCoreDBConnectionStringBuilder()[key]);

        var builder = new SharpCoreDBConnectionStringBuilder(Changed);
        Assert.True(builder.Remove(key));
        Assert.Equal(setting.Default, builder[key]);
        Assert.DoesNotContain(setting.Name + "=", builder.ConnectionString);

        builder = new SharpCoreDBConnectionStringBuilder(Changed) { [key] = null };
        Assert.Equal(setting.Default, builder[key]);
    }

    [Fact]
    public void The_options_defaults_are_the_engine_storage_and_log_defaults()
    {
        // In memory, unencrypted, created if missing: then the provider fills in nothing a new engine
        // options object does not already hold, so every storage and log default is the lower layer's.
        Assert.Equal(new DatabaseOptions(), new SharpCoreDBOptions { DataSource = SharpCoreDBOptions.MemoryDataSource }.ToDatabaseOptions());

        var options = new SharpCoreDBOptions();
        var storage = new StorageOptions();
        var log = new WalOptions();
        Assert.Equal(storage.PageSize, options.PageSize);
        Assert.Equal(SharpCoreDBOptions.DefaultPageSize, storage.PageSize);
        Assert.Equal(storage.CacheSizeBytes, options.CacheSize);
        Assert.Equal(SharpCoreDBOptions.DefaultCacheSizeBytes, storage.CacheSizeBytes);
        Assert.Equal(log.Durability, options.Durability);
        Assert.Equal(log.UseGroupCommit, options.UseGroupCommitWal);
        Assert.Equal(log.PinFlushWorker, options.PinFlushWorker);
        Assert.Equal(SharpCoreDBOptions.DefaultTimeoutSeconds, options.DefaultTimeout);

        using Database database = Database.Open(new DatabaseOptions());
        using Session session = database.CreateSession();
        Assert.Equal(TimeSpan.FromSeconds(SharpCoreDBOptions.DefaultTimeoutSeconds), session.LockTimeout);
    }

    [Theory]
    [MemberData(nameof(Keys))]
    public void A_value_that_does_not_parse_is_refused_naming_the_canonical_key_whatever_the_spelling(string key)
    {
        ConnectionStringSetting setting = ConnectionStringSettings.Resolve(key);
        if (setting.ValueType == typeof(string))
        {
            return; // any text is a file name or a password
        }

        foreach (string spelling in setting.Aliases.Prepend(setting.Name))
        {
            var e = Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder($"{spelling}=#?!"));
            Assert.Equal(setting.Name, e.ParamName);
            Assert.Contains($"'{setting.Name}'", e.Message);
            Assert.Contains("'#?!'", e.Message);
        }
    }

    [Theory]
    [MemberData(nameof(InvalidOptions))]
    public void Validate_and_the_builder_refuse_the_same_values_naming_the_same_key(SharpCoreDBOptions options, string key)
    {
        var validated = Assert.Throws<ArgumentException>(options.Validate);
        var built = Assert.Throws<ArgumentException>(() => new SharpCoreDBConnectionStringBuilder(options));
        Assert.Equal(key, validated.ParamName);
        Assert.Equal(key, built.ParamName);
        Assert.Equal(validated.Message, built.Message);
        Assert.Throws<ArgumentException>(() => new SharpCoreDBConnection(options));
    }

    [Fact]
    public void A_password_is_never_shown()
    {
        var options = new SharpCoreDBOptions { DataSource = "a", Password = "hunter2" };
        Assert.Contains("Password=***", options.ToString());
        Assert.Contains("Password=,", new SharpCoreDBOptions().ToString());
        foreach (ConnectionStringSetting setting in ConnectionStringSettings.All)
        {
            Assert.Contains($"{setting.Name}=", options.ToString());
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2048)]
    [InlineData(4095)]
    [InlineData(4096)]
    [InlineData(6144)]
    [InlineData(8192)]
    [InlineData(65536)]
    [InlineData(131072)]
    public void Every_layer_judges_a_page_size_by_the_one_rule(int size)
    {
        bool valid = PageLayout.IsValidPageSize(size);
        Assert.Equal(size is >= 4096 and <= 65536 && BitOperations.IsPow2(size), valid);
        Assert.Equal(valid, Accepts(() => new StorageOptions { PageSize = size }.Validate()));
        Assert.Equal(valid, Accepts(() => new SharpCoreDBOptions { DataSource = "a", PageSize = size }.Validate()));
        Assert.Equal(valid, Accepts(() => _ = new SharpCoreDBConnectionStringBuilder { PageSize = size }));
        Assert.Equal(valid, Accepts(() => _ = new SharpCoreDBConnectionStringBuilder($"Page Size={size}")));
    }

    private static bool Accepts(Action action)
    {
        try
        {
            action();
            return true;
        }
        catch (Exception e) when (e is ArgumentException or SharpCoreDBException)
        {
            return false;
        }
    }
}
