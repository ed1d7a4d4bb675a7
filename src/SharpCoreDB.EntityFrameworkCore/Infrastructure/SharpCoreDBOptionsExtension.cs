// The provider's entry in DbContextOptions: the connection (string or object) that the
// relational layer keeps, plus the SharpCoreDB settings the options builder set on top
// of the connection string (durability, group commit, password). Two contexts with the
// same settings share one internal service provider, as EF Core expects of a provider.
using System.Globalization;
using System.Text;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.Data;
using SharpCoreDB.Wal;

namespace SharpCoreDB.EntityFrameworkCore.Infrastructure;

/// <summary>SharpCoreDB's options extension (added by <c>UseSharpCoreDB</c>).</summary>
public sealed class SharpCoreDBOptionsExtension : RelationalOptionsExtension
{
    private DbContextOptionsExtensionInfo? _info;

    /// <summary>Creates an extension with no connection and no settings yet.</summary>
    public SharpCoreDBOptionsExtension()
    {
    }

    private SharpCoreDBOptionsExtension(SharpCoreDBOptionsExtension copyFrom)
        : base(copyFrom)
    {
        Durability = copyFrom.Durability;
        UseGroupCommitWal = copyFrom.UseGroupCommitWal;
        Password = copyFrom.Password;
    }

    /// <summary>The commit durability to open with, overriding the connection string's.</summary>
    public WalDurability? Durability { get; private set; }

    /// <summary>Whether to use the group-commit log, overriding the connection string's.</summary>
    public bool? UseGroupCommitWal { get; private set; }

    /// <summary>The password of an encrypted database, overriding the connection string's.</summary>
    public string? Password { get; private set; }

    /// <inheritdoc />
    public override DbContextOptionsExtensionInfo Info => _info ??= new ExtensionInfo(this);

    /// <summary>Whether any setting overrides the connection string.</summary>
    internal bool HasSettings => Durability is not null || UseGroupCommitWal is not null || Password is not null;

    /// <summary>A copy with the durability set.</summary>
    public SharpCoreDBOptionsExtension WithDurability(WalDurability durability) => new(this) { Durability = durability };

    /// <summary>A copy with group commit on or off.</summary>
    public SharpCoreDBOptionsExtension WithGroupCommitWal(bool enabled) => new(this) { UseGroupCommitWal = enabled };

    /// <summary>A copy with the password set.</summary>
    public SharpCoreDBOptionsExtension WithPassword(string password) => new(this) { Password = password };

    /// <summary>The connection string with this extension's settings applied.</summary>
    internal string ApplySettings(string connectionString)
    {
        var builder = new SharpCoreDBConnectionStringBuilder(connectionString);
        if (Durability is { } durability)
        {
            builder.Durability = durability;
        }

        if (UseGroupCommitWal is { } groupCommit)
        {
            builder.UseGroupCommitWal = groupCommit;
        }

        if (Password is { } password)
        {
            builder.Password = password;
        }

        return builder.ConnectionString;
    }

    /// <inheritdoc />
    protected override RelationalOptionsExtension Clone() => new SharpCoreDBOptionsExtension(this);

    /// <inheritdoc />
    public override void ApplyServices(IServiceCollection services) => services.AddEntityFrameworkSharpCoreDB();

    private sealed class ExtensionInfo(IDbContextOptionsExtension extension) : RelationalExtensionInfo(extension)
    {
        private string? _logFragment;

        private new SharpCoreDBOptionsExtension Extension => (SharpCoreDBOptionsExtension)base.Extension;

        public override bool IsDatabaseProvider => true;

        public override string LogFragment => _logFragment ??= Describe();

        public override int GetServiceProviderHashCode() => 0;

        public override bool ShouldUseSameServiceProvider(DbContextOptionsExtensionInfo other) => other is ExtensionInfo;

        public override void PopulateDebugInfo(IDictionary<string, string> debugInfo)
        {
            debugInfo["SharpCoreDB:Durability"] = Extension.Durability?.ToString() ?? "";
            debugInfo["SharpCoreDB:UseGroupCommitWal"] = Extension.UseGroupCommitWal?.ToString(CultureInfo.InvariantCulture) ?? "";
        }

        // The password is never written to logs.
        private string Describe()
        {
            var text = new StringBuilder(base.LogFragment);
            if (Extension.Durability is { } durability)
            {
                text.Append("Durability=").Append(durability).Append(' ');
            }

            if (Extension.UseGroupCommitWal is { } groupCommit)
            {
                text.Append("UseGroupCommitWal=").Append(groupCommit).Append(' ');
            }

            return text.ToString();
        }
    }
}
