package servertext

import (
	"cmp"
	"fmt"

	"mcpeek/internal/bytesize"
	"mcpeek/internal/styled"
	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/summarizer"
)

// Prompts prints each prompt: its name (and title), first sentence and
// arguments, the required ones marked with *.
func Prompts(p styled.Printer, ps []mcpclient.Prompt) {
	p.Println(p.Head.Render(fmt.Sprintf("prompts (%d)", len(ps))))
	for _, pr := range ps {
		p.Println("  " + p.Path.Render(DisplayName(pr.Name, pr.Title)))
		if d := summarizer.FirstSentence(pr.Description); d != "" {
			p.Println(p.Faint.Render("      " + clean(d)))
		}
		if icons := model.IconsText(pr.Icons); icons != "" {
			p.Println(p.Faint.Render("      " + icons))
		}
		for _, arg := range pr.Arguments {
			line := "      " + DisplayName(arg.Name, arg.Title)
			if arg.Required {
				line += "*"
			}
			if d := summarizer.FirstSentence(arg.Description); d != "" {
				line += ": " + clean(d)
			}
			p.Println(line)
		}
	}
	if len(ps) > 0 {
		p.Println(p.Faint.Render("* required argument"))
	}
}

// PromptMessages prints a prompt's messages: text sanitised, images,
// audio and resources described by type and size.
func PromptMessages(p styled.Printer, res *mcpclient.PromptResult) {
	if res.Description != "" {
		p.Println(p.Faint.Render(clean(res.Description)))
	}
	for _, msg := range res.Messages {
		p.Println(p.Head.Render("[" + clean(msg.Role) + "]"))
		p.Println(DescribeContent(msg.Content))
	}
}

// DescribeContent is a content block for the terminal: text as it reads,
// anything else by its type and size.
func DescribeContent(c mcpclient.Content) string {
	switch c.Type {
	case "text":
		return model.Sanitize(c.Text)
	case "image", "audio":
		return fmt.Sprintf("(%s: %s, %s)", c.Type, cmp.Or(clean(c.MIMEType), "no mime type"), bytesize.Human(c.DataSize()))
	case "resource":
		if c.Resource == nil {
			return "(embedded resource: none given)"
		}
		kind := "text"
		if !c.Resource.IsText() {
			kind = "binary"
		}
		return fmt.Sprintf("(embedded resource %s: %s %s, %s)", clean(c.Resource.URI), kind,
			cmp.Or(clean(c.Resource.MIMEType), "no mime type"), bytesize.Human(c.Resource.Size()))
	case "resource_link":
		return fmt.Sprintf("(resource link %s: %s, %s)", clean(c.URI), clean(c.Name), cmp.Or(clean(c.MIMEType), "no mime type"))
	}
	return fmt.Sprintf("(content of type %q)", clean(c.Type))
}
