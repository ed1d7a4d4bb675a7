// The EF Core sample (samples/SharpCoreDB.Samples.Library) runs its scripted session as
// `dotnet run -- --demo` does: an encrypted file written and read back through the
// provider, and a wrong password refused.
namespace SharpCoreDB.EntityFrameworkCore.Tests;

[Trait("Category", "Slow")]
public sealed class LibrarySampleTests
{
    [Fact]
    public void TheDemoReadsBackWhatItWrote()
    {
        var output = new StringWriter();
        Assert.True(Samples.Library.Demo.Run(output) == 0, output.ToString());
        Assert.Contains("J. R. R. Tolkien: 2 books, 34.49 in total", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("a wrong password is refused", output.ToString(), StringComparison.Ordinal);
    }
}
